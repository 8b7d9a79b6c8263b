import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256 } from '@noble/hashes/sha2.js'
import { keyedHmacSha256 } from '../../src/engine/dice.js'

// The dice hash with @noble/hashes (the engine cannot use node:crypto). These vectors once tested a
// hand-written SHA-256; they now hold the library and our keyed wrapper to the same results.
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')
const sha256Hex = (data: Uint8Array): string => toHex(sha256(data))
const hmacSha256 = (key: Uint8Array, data: Uint8Array): Uint8Array => keyedHmacSha256(key)(data)

const nodeSha = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex')
const nodeHmac = (key: Uint8Array, data: Uint8Array): string => createHmac('sha256', key).update(data).digest('hex')

// Deterministic filler bytes (xorshift32); the tests must not depend on Math.random.
function bytes(n: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(n)
  let x = seed | 0
  for (let i = 0; i < n; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x & 0xff
  }
  return out
}

describe('sha256', () => {
  it('hashes the empty input', () => {
    const expected = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
    expect(sha256Hex(new Uint8Array(0))).toBe(expected)
    expect(nodeSha(new Uint8Array(0))).toBe(expected)
  })

  it('hashes "abc"', () => {
    const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    expect(sha256Hex(utf8('abc'))).toBe(expected)
    expect(nodeSha(utf8('abc'))).toBe(expected)
  })

  it('hashes the two-block FIPS vector', () => {
    const msg = utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')
    expect(sha256Hex(msg)).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1')
  })

  it('hashes one million "a"', () => {
    const msg = new Uint8Array(1_000_000).fill(0x61)
    expect(sha256Hex(msg)).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0')
  })

  it('matches node:crypto on a few MB of data (not block aligned)', () => {
    const data = bytes(3 * 1024 * 1024 + 37)
    expect(sha256Hex(data)).toBe(nodeSha(data))
  })

  it('matches node:crypto for every length 0..200', () => {
    const data = bytes(200)
    for (let n = 0; n <= 200; n++) {
      const slice = data.subarray(0, n)
      expect(sha256Hex(slice), `length ${n}`).toBe(nodeSha(slice))
    }
  })

  it('respects byteOffset of a subarray view', () => {
    const data = bytes(300)
    const view = data.subarray(7, 207)
    expect(sha256Hex(view)).toBe(nodeSha(view))
  })

  it('returns 32 bytes', () => {
    expect(sha256(utf8('x'))).toHaveLength(32)
  })
})

describe('keyedHmacSha256', () => {
  // RFC 4231 §4.2-4.5, plus §4.7-4.8 (keys longer than a block are hashed first).
  const cases: Array<{ name: string; key: Uint8Array; data: Uint8Array; mac: string }> = [
    {
      name: 'RFC 4231 case 1',
      key: new Uint8Array(20).fill(0x0b),
      data: utf8('Hi There'),
      mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    },
    {
      name: 'RFC 4231 case 2',
      key: utf8('Jefe'),
      data: utf8('what do ya want for nothing?'),
      mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    },
    {
      name: 'RFC 4231 case 3',
      key: new Uint8Array(20).fill(0xaa),
      data: new Uint8Array(50).fill(0xdd),
      mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    },
    {
      name: 'RFC 4231 case 4',
      key: Uint8Array.from({ length: 25 }, (_, i) => i + 1),
      data: new Uint8Array(50).fill(0xcd),
      mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    },
    {
      name: 'RFC 4231 case 6',
      key: new Uint8Array(131).fill(0xaa),
      data: utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
      mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    },
    {
      name: 'RFC 4231 case 7',
      key: new Uint8Array(131).fill(0xaa),
      data: utf8(
        'This is a test using a larger than block-size key and a larger than block-size data. ' +
          'The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    },
  ]

  for (const c of cases) {
    it(c.name, () => {
      expect(toHex(hmacSha256(c.key, c.data))).toBe(c.mac)
      expect(nodeHmac(c.key, c.data)).toBe(c.mac)
    })
  }

  it('matches node:crypto for key lengths 0..150 and message lengths 0..200', () => {
    const pool = bytes(400, 12345)
    for (let k = 0; k <= 150; k += 7) {
      const key = pool.subarray(200, 200 + k)
      const mac = keyedHmacSha256(key)
      for (let n = 0; n <= 200; n++) {
        const msg = pool.subarray(0, n)
        const want = nodeHmac(key, msg)
        expect(toHex(mac(msg)), `key ${k} msg ${n}`).toBe(want)
        if (n % 50 === 0) expect(toHex(hmacSha256(key, msg))).toBe(want)
      }
    }
  })

  it('a keyed MAC can be reused without carrying state between calls', () => {
    const key = bytes(32, 7)
    const mac = keyedHmacSha256(key)
    const a = toHex(mac(utf8('one')))
    mac(utf8('two'))
    expect(toHex(mac(utf8('one')))).toBe(a)
  })
})
