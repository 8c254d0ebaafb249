import { describe, expect, it } from 'vitest';
import { parseKeyword, pinyinOf, productSearchVector } from './search-tokenizer.ts';

describe('productSearchVector', () => {
  const doc = productSearchVector({ nameZh: '景德镇 青花瓷茶杯', nameEn: 'Jingdezhen Blue-and-white Teacup', categoryZh: '茶杯', categoryEn: 'Teacups' });
  const lexemes = new Map(doc.split(' ').map((part) => [part.slice(1, part.lastIndexOf("'")), part.slice(part.lastIndexOf(':') + 1)]));

  it('holds jieba words, English words and pinyin, weighted', () => {
    expect(lexemes.get('景德镇')).toMatch(/A/);
    expect(lexemes.get('青花瓷')).toMatch(/A/);
    expect(lexemes.get('teacup')).toMatch(/A/);
    expect(lexemes.get('chabei')).toMatch(/B/);
    expect(lexemes.get('teacups')).toMatch(/B/);
  });

  it('holds every bigram and single character of Chinese runs', () => {
    for (const gram of ['瓷茶', '花瓷']) expect(lexemes.get(gram)).toMatch(/C/);
    expect(lexemes.get('杯')).toMatch(/^\d+(,\d+)*$/);
  });

  it('quotes lexemes so names with quotes or backslashes stay one literal', () => {
    expect(productSearchVector({ nameZh: "it's", nameEn: 'a\\b', categoryZh: null, categoryEn: null })).toBe("'it':1A 's':2A 'a':3A 'b':4A");
  });
});

describe('parseKeyword', () => {
  it('turns Chinese words into bigrams and other words into prefixes', () => {
    expect(parseKeyword('茶杯')).toEqual({ tsquery: "('茶杯')", keywords: ['茶杯'], items: [{ lexeme: '茶杯', prefix: false }] });
    expect(parseKeyword('茶')).toEqual({ tsquery: "('茶')", keywords: ['茶'], items: [{ lexeme: '茶', prefix: false }] });
    expect(parseKeyword('青花瓷')).toEqual({
      tsquery: "('青花' & '花瓷')",
      keywords: ['青花瓷'],
      items: [
        { lexeme: '青花', prefix: false },
        { lexeme: '花瓷', prefix: false },
      ],
    });
    expect(parseKeyword('Phone 5G')).toEqual({
      tsquery: "('phone':*) & ('5g':*)",
      keywords: ['phone', '5g'],
      items: [
        { lexeme: 'phone', prefix: true },
        { lexeme: '5g', prefix: true },
      ],
    });
    // A single letter is a whole word, and a repeated word is one item.
    expect(parseKeyword('a phone phone').items).toEqual([
      { lexeme: 'a', prefix: false },
      { lexeme: 'phone', prefix: true },
    ]);
  });

  it('keeps only letters and digits, so query syntax cannot leak in', () => {
    expect(parseKeyword("' OR 1=1 --").tsquery).toBe("('or':*) & ('1')");
    for (const k of ['%', '_', '\\', ':*', '&|!()', '😀', '']) expect(parseKeyword(k).tsquery).toBeNull();
  });

  it('spells pinyin without tones', () => {
    expect(pinyinOf('手机')).toBe('shouji');
    expect(pinyinOf('绿茶')).toBe('lvcha');
  });
});
