# hexmail as a container image: one image, two roles. `docker run IMAGE api` serves the HTTP API, `docker run IMAGE
# worker` runs the outbox relay, the email and webhook jobs and the deadline, digest and league clocks
# (docs/deployment.md). It needs DATABASE_URL and REDIS_URL (the embedded PostgreSQL and the private Redis are for
# `npm start` on a workstation) and, in production, JWT_SECRET and SMTP_URL. docker-compose.yml runs both roles.
FROM node:20.20.2-bookworm-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/hexmail \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
WORKDIR /app

# The dependencies first, in a layer that changes only with the lock file. npm's postinstall step generates the
# Prisma client from the schema, so the schema and its configuration come with them.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --omit=dev && npm cache clean --force

# What the server reads at run time: the code (run by tsx, no build step), the data files, the email templates,
# the words, the browser's sources (bundled by esbuild on the first page) and the fonts of the maps.
COPY tsconfig.json ./
COPY src ./src
COPY scenarios ./scenarios
COPY templates ./templates
COPY locales ./locales
COPY web ./web
COPY assets ./assets

# Not root: the image's own `node` user, who owns nothing but DATA_DIR.
RUN mkdir -p /var/lib/hexmail && chown node:node /var/lib/hexmail
USER node

# 3000: the HTTP API; 2525: the SMTP listener for emailed orders (api role; INBOUND_SMTP_PORT=off turns it off).
EXPOSE 3000 2525
ENTRYPOINT ["node", "--import", "tsx", "src/main.ts"]
CMD ["api"]
