// A local SMTP server for bench/notify.ts, in its own process (as a real mail server would be): accepts
// every message and prints a running count of messages and of their bytes (as received, after the
// DATA command) on stdout. Usage: node bench/smtp-sink.mjs
import process from 'node:process'
import { setInterval } from 'node:timers'
import { SMTPServer } from 'smtp-server'

let count = 0
let bytes = 0
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, cb) {
    stream.on('data', (chunk) => {
      bytes += chunk.length
    })
    stream.on('end', () => {
      count++
      cb()
    })
  },
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.server.address().port}\n`))
// Bytes first: a message is counted once all of it is in.
setInterval(() => process.stdout.write(`bytes ${bytes}\ncount ${count}\n`), 20)
process.on('SIGTERM', () => server.close(() => process.exit(0)))
