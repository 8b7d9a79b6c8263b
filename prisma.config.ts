// Prisma CLI configuration: migrations run through the JavaScript schema engine and the pg adapter.
import path from 'node:path'
import { defineConfig } from 'prisma/config'
import { MigrationAdapter } from './prisma/migration-adapter.js'

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set')
    return new MigrationAdapter(url)
  },
})
