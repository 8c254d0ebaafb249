// Turns product names into weighted search tokens and a keyword into a tsquery, in the app, so
// PostgreSQL and PGlite need no extension or dictionary (decision 006).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Jieba } from '@node-rs/jieba';
// pinyin-pro loads with the first product document written: keywords are matched as typed.
import { pinyinPro } from './pinyin-pro.ts';

const require = createRequire(import.meta.url);

/**
 * jieba with its default dictionary, read from the package's file into a buffer that is dropped
 * once jieba has built its own tables. (The package's `dict.js` reads dict.txt and idf.txt into
 * buffers its module keeps for the life of the process: 11 MB for nothing, as idf is never used.)
 */
const jieba = Jieba.withDict(readFileSync(require.resolve('@node-rs/jieba/dict.txt')));

/** Han characters (CJK ideographs, extensions and compatibility ideographs). */
const HAN = /\p{Script=Han}/u;
/** A run of Han characters, or a run of other letters and digits. */
const RUN = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;
/** Longest keyword word kept; longer ones cannot be in a name anyway. */
const MAX_WORD = 50;
/** Query words beyond this add nothing but cost. */
const MAX_QUERY_WORDS = 8;

export type Weight = 'A' | 'B' | 'C' | 'D';

export interface ProductSearchInput {
  nameZh: string;
  nameEn: string | null;
  categoryZh: string | null;
  categoryEn: string | null;
}

/** Full-width forms to ASCII, lower case. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function runsOf(text: string): string[] {
  return normalize(text).match(RUN) ?? [];
}

const isHan = (run: string) => HAN.test(run);

/** Pinyin without tones, ü as v, one string per word: 手机 -> shouji. */
export function pinyinOf(han: string): string {
  return pinyinPro().pinyin(han, { toneType: 'none', type: 'array', v: true, nonZh: 'removed' }).join('').toLowerCase();
}

/** Characters of a Han run as code points (not UTF-16 units, so extension-B characters stay whole). */
const charsOf = (run: string) => Array.from(run);

function bigramsOf(run: string): string[] {
  const chars = charsOf(run);
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(`${chars[i]}${chars[i + 1]}`);
  return grams;
}

/** Jieba words of a Han run, search mode (also the shorter words inside long ones). */
function hanWords(run: string): string[] {
  return jieba.cutForSearch(run, true).filter((w) => w.trim() && isHan(w));
}

/** A tsvector literal: lexemes quoted, positions in order, each with its weight. */
class VectorBuilder {
  private readonly lexemes = new Map<string, string[]>();
  private position = 0;

  add(lexeme: string, weight: Weight) {
    if (!lexeme || lexeme.length > MAX_WORD) return;
    // Positions stop at PostgreSQL's limit; later tokens still count, at the last position.
    this.position = Math.min(this.position + 1, 16_383);
    const list = this.lexemes.get(lexeme) ?? [];
    list.push(`${this.position}${weight === 'D' ? '' : weight}`);
    this.lexemes.set(lexeme, list);
  }

  toString() {
    return [...this.lexemes].map(([lexeme, positions]) => `'${lexeme.replace(/['\\]/g, '\\$&')}':${positions.join(',')}`).join(' ');
  }
}

/**
 * The search document of a product. Weights: A the words of either name (jieba words, English
 * words); B the pinyin of the Chinese words and the category's name; C Chinese bigrams; D Chinese
 * single characters. Bigrams and characters let any one- or two-character query match even where
 * jieba cut the name differently; the weights rank a whole-word match above a partial one.
 */
export function productSearchVector(input: ProductSearchInput): string {
  const vector = new VectorBuilder();
  for (const run of [...runsOf(input.nameZh), ...runsOf(input.nameEn ?? '')]) {
    if (!isHan(run)) {
      vector.add(run, 'A');
      continue;
    }
    const words = hanWords(run);
    for (const word of words) vector.add(word, 'A');
    for (const word of words) vector.add(pinyinOf(word), 'B');
    if (words.length > 1) vector.add(pinyinOf(run), 'B');
    for (const gram of bigramsOf(run)) vector.add(gram, 'C');
    for (const char of charsOf(run)) vector.add(char, 'D');
  }
  const category = normalize(input.categoryZh ?? '').replace(/\s+/g, '');
  if (category) {
    vector.add(category, 'B');
    if (isHan(category)) vector.add(pinyinOf(category), 'B');
  }
  for (const run of runsOf(input.categoryEn ?? '')) vector.add(run, 'B');
  return vector.toString();
}

export interface ParsedKeyword {
  /** A tsquery literal, or null when the keyword has nothing searchable (only symbols, emoji...). */
  tsquery: string | null;
  /** The words to highlight in names. */
  keywords: string[];
  /** The same query as the lexemes every match must have (a prefix matches any lexeme starting with it); the in-memory index reads these. */
  items: QueryItem[];
}

/** One lexeme of a query: an exact lexeme, or (prefix) any lexeme that starts with it. */
export interface QueryItem {
  lexeme: string;
  prefix: boolean;
}

const quote = (lexeme: string) => `'${lexeme.replace(/['\\]/g, '\\$&')}'`;

/**
 * A keyword as a tsquery, every word required: a Han word of one character matches that character,
 * a longer one all its bigrams (so 茶杯 finds 青花瓷茶杯, and 青花瓷茶杯 finds 青花瓷 茶杯); other
 * words match as prefixes of English words and of pinyin (pho finds phone, shouji finds 手机).
 */
export function parseKeyword(keyword: string): ParsedKeyword {
  const terms: string[] = [];
  const keywords: string[] = [];
  const items = new Map<string, QueryItem>();
  const item = (lexeme: string, prefix: boolean) => items.set(`${prefix ? '*' : '='}${lexeme}`, { lexeme, prefix });
  for (const run of runsOf(keyword)) {
    if (terms.length >= MAX_QUERY_WORDS) break;
    if (!isHan(run)) {
      const word = run.slice(0, MAX_WORD);
      // A single letter as a prefix would match half the catalogue; it must match a whole word.
      terms.push(word.length > 1 ? `${quote(word)}:*` : quote(word));
      item(word, word.length > 1);
      keywords.push(word);
      continue;
    }
    const words = charsOf(run).length <= 2 ? [run] : jieba.cut(run, true).filter((w) => w.trim() && isHan(w));
    for (const word of words.slice(0, MAX_QUERY_WORDS)) {
      const grams = charsOf(word).length === 1 ? [word] : bigramsOf(word);
      terms.push(grams.map(quote).join(' & '));
      for (const gram of grams) item(gram, false);
      keywords.push(word);
    }
  }
  const unique = [...new Set(terms)];
  return { tsquery: unique.length ? unique.map((t) => `(${t})`).join(' & ') : null, keywords: [...new Set(keywords)], items: [...items.values()] };
}
