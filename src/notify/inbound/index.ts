export {
  checkReplyToken,
  makeReplyToken,
  readReplyToken,
  replyAddress,
  tokenFromAddresses,
  tokensFromAddresses,
  type ReadReplyToken,
  type ReplyTokenCheck,
  type ReplyTokenClaims,
} from './token.js'
export { parseInbound, type InboundEnvelope, type InboundMail } from './parse.js'
export { stripQuoted } from './strip.js'
export { isAutoSubmitted } from './auto-reply.js'
export {
  isReplyRecipient,
  permanentFailure,
  startInboundSmtp,
  type InboundSmtp,
  type InboundSmtpLogger,
  type InboundSmtpOptions,
} from './smtp.js'
