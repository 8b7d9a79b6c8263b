// A local SMTP server for bench/notify.ts, in its own process (as a real mail server would be): accepts
// every message and prints a running count on stdout. Usage: node bench/smtp-sink.mjs
import process from 'node:process'
import { setInterval } from 'node:timers'
import { SMTPServer } from 'smtp-server'

let count = 0
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, cb) {
    stream.on('data', () => undefined)
    stream.on('end', () => {
      count++
      cb()
    })
  },
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.server.address().port}\n`))
setInterval(() => process.stdout.write(`count ${count}\n`), 20)
process.on('SIGTERM', () => server.close(() => process.exit(0)))
