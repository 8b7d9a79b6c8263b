// Cuts Noto Sans JP (regular) down to what a map picture writes in Japanese, for the PNG renderer
// (src/notify/map/png.ts), which draws it after DejaVu Sans as the fallback for characters DejaVu lacks.
// Kept: kana, CJK punctuation, full- and half-width forms, the JIS X 0208 symbols and level-1 kanji
// (2,965 common kanji), and every non-ASCII character of the data files of the rule systems whose maps
// write names from them (GREEN NOA's roster and scenarios, MS@W's catalogue and terrain) and of the words
// their maps use (locales/ja/<system>.json). Writes assets/fonts/NotoSansJP-Regular-subset.ttf and the
// licence beside it.
// Run: npm run fonts:subset   (after a roster or scenario brings a new kanji; commit the result)
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT_DIR = join(ROOT, 'assets', 'fonts')
const SUBSET_FILE = 'NotoSansJP-Regular-subset.ttf'

function range(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('')
}

/** JIS X 0208 rows `first`..`last` (1-based), decoded through EUC-JP: row r is lead byte 0xA0 + r. */
function jisRows(first: number, last: number): string {
  const decoder = new TextDecoder('euc-jp', { fatal: false })
  let out = ''
  for (let row = first; row <= last; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const ch = decoder.decode(new Uint8Array([0xa0 + row, cell]))
      if (ch !== '\ufffd') out += ch
    }
  }
  return out
}

/** Every character outside ASCII of the data files and map words of the systems that write names from them. */
function dataCharacters(): string {
  const files = ['greennoa', 'msaw'].flatMap((system) => {
    const dir = join(ROOT, 'scenarios', system)
    return [
      ...readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(dir, f)),
      join(ROOT, 'locales', 'ja', `${system}.json`),
    ]
  })
  const text = files.map((f) => readFileSync(f, 'utf8')).join('')
  return [...new Set(text)].filter((ch) => ch.codePointAt(0)! > 0x7e).join('')
}

function subsetCharacters(): string {
  const wanted =
    range(0x3000, 0x303f) + // CJK symbols and punctuation
    range(0x3041, 0x309f) + // hiragana
    range(0x30a0, 0x30ff) + // katakana
    range(0x31f0, 0x31ff) + // katakana phonetic extensions
    range(0xff01, 0xffef) + // full- and half-width forms
    jisRows(1, 8) + // JIS symbols, kana, Greek, Cyrillic, box drawing
    jisRows(16, 47) + // JIS level-1 kanji
    dataCharacters()
  return [...new Set(wanted)].sort().join('')
}

async function main(): Promise<void> {
  const pkg = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/package.json'))
  const source = readFileSync(join(pkg, '400Regular', 'NotoSansJP_400Regular.ttf'))
  const chars = subsetCharacters()
  const cut = await subsetFont(source, chars, { targetFormat: 'sfnt' })
  mkdirSync(OUT_DIR, { recursive: true })
  writeFileSync(join(OUT_DIR, SUBSET_FILE), cut)
  copyFileSync(join(pkg, 'LICENSE_FONT'), join(OUT_DIR, 'NotoSansJP-OFL.txt'))
  console.log(`${SUBSET_FILE}: ${[...chars].length} characters, ${cut.length} bytes (from ${source.length})`)
}

await main()
