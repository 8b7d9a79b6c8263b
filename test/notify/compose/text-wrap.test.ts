// Plain-text wrapping: sentences wrap with a hanging indent; order lines, links, dates and the
// signature delimiter survive whole.
import { describe, expect, it } from 'vitest'
import { displayWidth, GLUE, oneLine, VERBATIM, wrapText } from '../../../src/notify/compose/text-wrap.js'

describe('wrapText', () => {
  it('wraps a list item under its text, not under the bullet', () => {
    const item = '- Attack A1: GM1 and GM2 shoot at Zaku ZK1 in 1009: 8 vs 2, odds 4:1; die 5: Zaku ZK1 eliminated.'
    expect(wrapText(item, 40)).toBe(
      [
        '- Attack A1: GM1 and GM2 shoot at Zaku',
        '  ZK1 in 1009: 8 vs 2, odds 4:1; die 5:',
        '  Zaku ZK1 eliminated.',
        '',
      ].join('\n'),
    )
  })

  it('never breaks a marked line, a link or a glued date', () => {
    const order = `${VERBATIM}shoot GM1 GM2 GM3 GM4 @ 0710 ms  # 20 vs 4, 5:1, shift +2 -> 7:1`
    expect(wrapText(order, 30)).toBe('shoot GM1 GM2 GM3 GM4 @ 0710 ms  # 20 vs 4, 5:1, shift +2 -> 7:1\n')
    const link = 'Every option: https://hexmail.example.org/games/g_7f3a/options?seat=ZEON&step=42'
    expect(wrapText(link, 30)).toBe(
      'Every option:\nhttps://hexmail.example.org/games/g_7f3a/options?seat=ZEON&step=42\n',
    )
    const date = `Due by ${['Saturday', '5', 'December', '2026', 'at', '21:00'].join(GLUE)} in Tokyo.`
    expect(wrapText(date, 20)).toBe('Due by\nSaturday 5 December 2026 at 21:00\nin Tokyo.\n')
  })

  it('keeps one blank line between paragraphs, trims trailing spaces, keeps "-- "', () => {
    expect(wrapText('a  \n\n\n\nb\n-- \nfooter\n\n\n')).toBe('a\n\nb\n-- \nfooter\n')
  })
})

it('oneLine makes a subject of anything', () => {
  expect(oneLine(`  Cup\r\n round ${['5', 'Dec'].join(GLUE)} ${VERBATIM}x `)).toBe('Cup round 5 Dec x')
})

it('wraps Japanese, which has no spaces, by columns (two a character) and never starts a line with 。 or 、', () => {
  const line =
    'このメールに返信し、引用部分より上に命令を1行に1つずつ書いてください。返信先は play+abc@hexmail.test です。' +
    '各行の # 以降は無視されるため、選択肢の行はそのまま貼り付けられます。'
  const lines = wrapText(line, 30).trimEnd().split('\n')
  expect(lines.length).toBeGreaterThan(3)
  for (const l of lines) {
    expect(displayWidth(l), l).toBeLessThanOrEqual(30)
    expect(l).not.toMatch(/^[、。）]/)
  }
  // Nothing lost: the breaks fall between characters, or at the spaces there were; an address stays whole.
  expect(lines.join('').replace(/ /g, '')).toBe(line.replace(/ /g, ''))
  expect(lines.some((l) => l.includes('play+abc@hexmail.test'))).toBe(true)
  expect(displayWidth('あa：')).toBe(5)
})

describe('displayWidth, narrow and wide', () => {
  it('counts a column for a narrow character, two for a wide one, one for an emoji (a surrogate pair)', () => {
    expect(displayWidth('GM1 -> 0805')).toBe(11)
    expect(displayWidth(`21:00${GLUE}(UTC)`)).toBe(11)
    expect(displayWidth('• ÅΩ')).toBe(4)
    expect(displayWidth('a😀b')).toBe(3)
    expect(displayWidth('ザクa')).toBe(5)
  })

  it('wraps a line mixing the two within the width, character by character, losing nothing', () => {
    const line = `- ${'GM1 ザク移動 0805 → 0906、'.repeat(6)}done`
    const wrapped = wrapText(line, 30).trimEnd().split('\n')
    for (const l of wrapped)
      expect(
        [...l].reduce((n, ch) => n + displayWidth(ch), 0),
        l,
      ).toBeLessThanOrEqual(30)
    expect(wrapped.join('').replace(/\s+/g, '')).toBe(line.replace(/\s+/g, ''))
  })
})
