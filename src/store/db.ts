// The Prisma client over node-postgres (Prisma 6.19 with its JavaScript engine: no native binaries).
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from './generated/client.js'

export type Db = PrismaClient

export function createDb(databaseUrl: string, poolSize = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) })
}

export { Prisma } from './generated/client.js'
