import { all, attrIs, availability, brand, gtin, model, mpn, price, tag, title, titlePart } from './judge';
import { negative, query, type RelevanceQuery } from './relevance-query';

const JPY = 'JPY';

/**
 * Questions over the Japanese shop (catalogs/japanese-catalog.ts), asked in Japanese: a word inside
 * a run of kana or kanji, kanji-only words, model numbers alone, half- and full-width forms, prices
 * in yen; a few in English about the products written in English.
 */
export const JAPANESE_QUERIES: readonly RelevanceQuery[] = [
  // Exact keywords: words the titles write apart.
  query('exact', '急須', titlePart('急須')),
  query('exact', 'フライパン', titlePart('フライパン')),
  query('exact', 'マグカップ', titlePart('マグカップ')),
  query('exact', 'リュックサック', titlePart('リュックサック')),
  query('exact', '匠工房', brand('匠工房')),
  query('exact', 'スニーカー メンズ', all(titlePart('スニーカー'), titlePart('メンズ'))),

  // A word inside a compound the title writes whole (katakana, kanji, or both).
  query('segmentation', 'ヘッドホン', titlePart('ヘッドホン')),
  query('segmentation', 'イヤホン', titlePart('イヤホン')),
  query('segmentation', 'ケトル', titlePart('ケトル')),
  query('segmentation', 'バッグ', titlePart('バッグ')),
  query('segmentation', '財布', titlePart('財布')),
  query('segmentation', '傘', titlePart('傘')),
  query('segmentation', '包丁', titlePart('包丁')),
  query('segmentation', '掃除機', titlePart('掃除機')),
  query('segmentation', '加湿器', titlePart('加湿器')),
  query('segmentation', '炊飯器', titlePart('炊飯器')),
  query('segmentation', '布団', titlePart('布団')),
  query('segmentation', '枕', titlePart('枕')),

  // Natural sentences (no spaces, particles between the words).
  query('natural', 'ステンレス製の水筒が欲しい', all(titlePart('水筒'), attrIs('material', 'ステンレス'))),
  query('natural', 'ノイズキャンセリング付きのヘッドホンを探しています', all(titlePart('ヘッドホン'), tag('ノイズキャンセリング'))),
  query('natural', '子供用の傘はありますか', all(titlePart('傘'), tag('子供用'))),
  query('natural', '一人暮らし用に3合の炊飯器がほしい', all(titlePart('炊飯器'), attrIs('capacity', '3合'))),
  query('natural', 'IH対応のフライパンはありますか', all(titlePart('フライパン'), tag('IH対応'))),

  // Typos in kana and kanji: a missing small tsu, the wrong kanji of the same reading.
  query('typo', 'ワイヤレスヘドホン', titlePart('ワイヤレスヘッドホン')),
  query('typo', 'コードレス掃除器', titlePart('コードレス掃除機')),

  // The first part of a word (リュック for リュックサック).
  query('prefix', 'リュック', titlePart('リュックサック')),

  // Width: half-width katakana, full-width Latin letters and digits.
  query('folding', 'ﾍｯﾄﾞﾎﾝ', titlePart('ヘッドホン')),
  query('folding', 'ｽﾃﾝﾚｽﾏｸﾞ', titlePart('ステンレスマグ')),
  query('folding', 'ＷＨ－２１００ＸＲ', model('WH-2100XR'), { first: true }),

  // Attributes: capacities and sizes as the shop writes them.
  query('attribute', '炊飯器 5.5合', all(titlePart('炊飯器'), attrIs('capacity', '5.5合'))),
  query('attribute', 'スニーカー 26.5cm', all(titlePart('スニーカー'), attrIs('size', '26.5cm'))),
  query('attribute', '羽毛布団 シングル', all(titlePart('羽毛布団'), attrIs('size', 'シングル'))),
  query('attribute', '本革 長財布', all(titlePart('長財布'), attrIs('material', '本革'))),

  // Constraints: prices in yen (以下 at most, 以上 at least, 万 ten thousand), in stock, size.
  query('constraint', '5000円以下の水筒', all(titlePart('水筒'), price(JPY, { max: 5000 }))),
  query('constraint', 'ヘッドホン 2万円以上', all(titlePart('ヘッドホン'), price(JPY, { min: 20_000 }))),
  query('constraint', '在庫あり 電気ケトル', all(titlePart('電気ケトル'), availability('in_stock'))),
  query('constraint', 'Tシャツ Mサイズ', all(titlePart('Tシャツ'), attrIs('size', 'M'))),

  // Sort asked in words.
  query('sort', '一番安い 電気ケトル', titlePart('電気ケトル'), { order: 'price_asc' }),
  query('sort', '安い順 フライパン', titlePart('フライパン'), { order: 'price_asc' }),

  // The other spelling shoppers use (ヘッドフォン for ヘッドホン); no synonym is configured.
  query('everyday', 'ヘッドフォン', titlePart('ヘッドホン')),

  // Codes: a model number alone (as printed, and typed lower-case without its hyphen), an MPN, JAN codes.
  query('code', 'WH-2300XR', model('WH-2300XR'), { first: true }),
  query('code', 'wh2200xr', model('WH-2200XR'), { first: true }),
  query('code', 'KT840-MH', mpn('KT840-MH'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'vc 1350', mpn('VC-1350'), { first: true }),
  query('code', '4508464703698', gtin('4508464703698'), { first: true, interpretation: { match: 'code' } }),
  query('code', '4558926188099', gtin('04558926188099'), { first: true, interpretation: { match: 'code' } }),

  // In English, about the products with English titles.
  query('bilingual', 'wireless headphones', title('wireless headphones'), { language: 'en' }),
  query('bilingual', 'rice cooker', title('rice cooker'), { language: 'en' }),
  query('bilingual', 'travel mug', title('travel mug'), { language: 'en' }),
  query('bilingual', 'santoku knife', title('santoku knife'), { language: 'en' }),

  negative('ピアノ'),
  negative('腕時計'),
];
