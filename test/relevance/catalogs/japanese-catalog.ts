import type { Prng } from '../../../tools/harness/prng';
import type { RelevanceCatalog } from './catalog-product';
import { generateMerchant, type Colour, type MerchantKind } from './merchant-generator';

const JAPANESE_SEED = 81_3000;
const JAPANESE_PRODUCTS = 2_100;

const c = (name: string, code: string): Colour => ({ name, code });
const BLACK = c('ブラック', 'B');
const WHITE = c('ホワイト', 'W');
const NAVY = c('ネイビー', 'N');
const GRAY = c('グレー', 'H');
const BEIGE = c('ベージュ', 'C');
const RED = c('レッド', 'R');
const SILVER = c('シルバー', 'S');
const GREEN = c('グリーン', 'G');
const PINK = c('ピンク', 'P');
const BROWN = c('ブラウン', 'T');
const APPAREL_SIZES = ['S', 'M', 'L', 'LL', '3L'];
const SHOE_SIZES = ['23.0cm', '23.5cm', '24.0cm', '24.5cm', '25.0cm', '25.5cm', '26.0cm', '26.5cm', '27.0cm', '27.5cm', '28.0cm'];

const TAKUMI = '匠工房';
const HIKARI = 'ヒカリ電機';
const AOBA = 'アオバ';
const SHIRASAGI = '白鷺';
const MIDORI = 'ミドリ商会';
const HOKUTO = '北斗';
const SAKURADO = 'サクラ堂';
const TSUBAME = 'ツバメ工業';
const NAGISA = 'ナギサ';
const KUMO = 'KUMO';

/**
 * A Japanese online shop written from scratch: audio, kitchen and household appliances with model
 * numbers, mugs and water bottles, bags and wallets, umbrellas, bedding, kitchen knives, shoes and
 * clothing. Titles as Japanese shops write them: words separated by spaces but compounds written
 * whole (`ワイヤレスヘッドホン`, `コードレス掃除機`, `マイコン炊飯器`, `折りたたみ傘`), katakana, kanji
 * and Latin model numbers mixed (`ヒカリ電機 WH-2100XR ワイヤレスヘッドホン ブラック`), units written
 * on the number (`480ml`, `5.5合`, `26cm`), categories in Japanese. Prices in yen. About a tenth of
 * the families have English titles and `language: "en"`.
 */
const KINDS: readonly MerchantKind[] = [
  {
    noun: 'ワイヤレスヘッドホン',
    category: '家電 > オーディオ',
    brands: [HIKARI, KUMO],
    price: [4980, 49800],
    colors: [BLACK, WHITE, SILVER, NAVY],
    model: { prefix: 'WH-', base: 2100, step: 100, suffix: 'XR', mpnPerColor: true },
    tags: ['ノイズキャンセリング', 'Bluetooth 5.3', 'マイク付き', '最大30時間再生'],
    sentences: ['通勤や在宅ワークに。周囲の音を抑えて音楽に集中できます。', '折りたたんで付属のケースに収納できます。'],
  },
  {
    noun: '完全ワイヤレスイヤホン',
    category: '家電 > オーディオ',
    brands: [HIKARI, KUMO],
    price: [2980, 29800],
    colors: [BLACK, WHITE, PINK],
    model: { prefix: 'TW-', base: 300, step: 20, mpnPerColor: true },
    tags: ['ノイズキャンセリング', '防水 IPX4', 'ワイヤレス充電'],
    sentences: ['耳にすっきり収まる小型設計。', 'ケース込みで最大24時間再生。'],
  },
  {
    noun: 'ステンレスマグ',
    category: 'キッチン用品 > 水筒・マグボトル',
    brands: [SHIRASAGI, HOKUTO],
    price: [1980, 4980],
    materials: ['ステンレス'],
    colors: [BLACK, WHITE, NAVY, GREEN, PINK],
    packs: ['360ml', '480ml', '600ml'],
    packKey: 'capacity',
    model: { prefix: 'SM-KA', base: 40, step: 1 },
    tags: ['保温', '保冷', '食洗機対応'],
    sentences: ['真空二重構造で温かさも冷たさも長持ち。', 'ワンタッチで開くせんは分解して洗えます。'],
  },
  {
    noun: '水筒',
    category: 'キッチン用品 > 水筒・マグボトル',
    brands: [SHIRASAGI, HOKUTO, SAKURADO],
    price: [1480, 4980],
    materials: ['ステンレス', 'トライタン'],
    colors: [NAVY, PINK, GREEN, c('スカイブルー', 'A')],
    packs: ['500ml', '800ml', '1.0L'],
    packKey: 'capacity',
    tags: ['直飲み', 'コップ付き', '子供用'],
    sentences: ['{material}製で軽く、通学や部活に。', 'ショルダーベルト付き。'],
  },
  {
    noun: '電気ケトル',
    category: '家電 > キッチン家電',
    brands: [HIKARI, TSUBAME],
    price: [2980, 12800],
    materials: ['ステンレス', 'ガラス', 'プラスチック'],
    colors: [WHITE, BLACK, c('マットグレー', 'MH')],
    packs: ['0.8L', '1.0L', '1.2L'],
    packKey: 'capacity',
    model: { prefix: 'KT-', base: 800, step: 20, mpnPerColor: true },
    tags: ['温度調節', '空焚き防止', '転倒湯もれ防止'],
    sentences: ['カップ1杯分なら約60秒で沸騰。', '本体は{material}製。'],
  },
  {
    noun: { IH: 'IH炊飯器', マイコン: 'マイコン炊飯器', 圧力IH: '圧力IH炊飯器' },
    category: '家電 > キッチン家電',
    brands: [TAKUMI, TSUBAME, HIKARI],
    price: [7980, 59800],
    materials: ['IH', 'マイコン', '圧力IH'],
    materialKey: 'heating',
    colors: [WHITE, BLACK],
    packs: ['3合', '5.5合', '1升'],
    packKey: 'capacity',
    model: { prefix: 'RC-', base: 550, step: 10 },
    tags: ['早炊き', '玄米', '保温'],
    sentences: ['{material}方式でふっくら炊き上げます。', '内釜は厚釜で熱をムラなく伝えます。'],
  },
  {
    noun: 'コードレス掃除機',
    category: '家電 > 生活家電',
    brands: [HIKARI, TSUBAME],
    price: [9800, 69800],
    materials: ['サイクロン式', '紙パック式'],
    materialKey: 'type',
    colors: [WHITE, GRAY, c('ゴールド', 'N')],
    model: { prefix: 'VC-', base: 700, step: 50 },
    tags: ['スティック', '自走式ヘッド', 'ハンディ'],
    sentences: ['{material}で吸引力が続きます。', '充電スタンド付き。'],
  },
  {
    noun: { スチーム: 'スチーム式加湿器', 超音波: '超音波加湿器' },
    category: '家電 > 生活家電',
    brands: [HIKARI, SAKURADO],
    price: [3980, 24800],
    materials: ['スチーム', '超音波'],
    materialKey: 'type',
    colors: [WHITE, BEIGE],
    packs: ['2.5L', '4.0L'],
    packKey: 'tank',
    model: { prefix: 'HM-', base: 250, step: 25 },
    tags: ['アロマ対応', 'タイマー付き', '寝室'],
    sentences: ['{material}方式で寝室をしっとり保ちます。', '上から給水できるタンク。'],
  },
  {
    noun: 'リュックサック',
    category: 'ファッション > かばん・小物',
    brands: [AOBA, NAGISA, KUMO],
    price: [2980, 19800],
    materials: ['ナイロン', 'ポリエステル', '帆布'],
    colors: [BLACK, NAVY, GRAY, c('カーキ', 'K')],
    packs: ['20L', '30L'],
    packKey: 'volume',
    tags: ['撥水', 'PC収納', '通勤'],
    sentences: ['{material}製で軽量。', '15.6インチのノートPCが入ります。'],
  },
  {
    noun: 'ショルダーバッグ',
    category: 'ファッション > かばん・小物',
    brands: [AOBA, NAGISA],
    price: [1980, 14800],
    materials: ['本革', '合成皮革', 'ナイロン'],
    audiences: ['レディース', 'メンズ'],
    colors: [BLACK, BEIGE, BROWN, NAVY],
    tags: ['斜めがけ', '軽量', 'A4対応'],
    sentences: ['{material}を使った軽いバッグ。', '内ポケットが多く整理しやすい。'],
  },
  {
    noun: 'トートバッグ',
    category: 'ファッション > かばん・小物',
    brands: [AOBA, NAGISA, SAKURADO],
    price: [1480, 12800],
    materials: ['帆布', '本革', 'ナイロン'],
    colors: [c('生成り', 'E'), BLACK, NAVY],
    tags: ['A4対応', '自立', '肩掛け'],
    sentences: ['丈夫な{material}のトート。', '通勤にも買い物にも。'],
  },
  {
    noun: '長財布',
    category: 'ファッション > かばん・小物',
    brands: [AOBA, TAKUMI],
    price: [3980, 29800],
    materials: ['本革', '合成皮革'],
    colors: [BLACK, BROWN, NAVY, RED],
    tags: ['ラウンドファスナー', 'カード18枚', '小銭入れ'],
    sentences: ['{material}製で手になじみます。', 'カードがたっぷり入ります。'],
  },
  {
    noun: '二つ折り財布',
    category: 'ファッション > かばん・小物',
    brands: [AOBA, TAKUMI],
    price: [2980, 19800],
    materials: ['本革', '合成皮革'],
    colors: [BLACK, BROWN, GREEN],
    tags: ['薄型', '小銭入れ', 'カード8枚'],
    sentences: ['{material}製の薄い財布。', 'ポケットに収まるサイズ。'],
  },
  {
    noun: { グラスファイバー: '折りたたみ傘', スチール: '長傘' },
    category: 'ファッション > レイングッズ',
    brands: [NAGISA, SAKURADO],
    price: [980, 6980],
    materials: ['グラスファイバー', 'スチール'],
    materialKey: 'frame',
    colors: [BLACK, NAVY, c('ボタニカル柄', 'F'), BEIGE],
    tags: ['晴雨兼用', 'UVカット', '自動開閉'],
    sentences: ['{material}の骨で風に強い。', '晴れの日も雨の日も使えます。'],
  },
  {
    noun: 'キッズ傘',
    category: 'ファッション > レイングッズ',
    brands: [NAGISA, SAKURADO],
    price: [980, 2980],
    colors: [RED, c('イエロー', 'Y'), c('サックスブルー', 'X'), PINK],
    sizes: ['45cm', '50cm', '55cm'],
    tags: ['子供用', '反射テープ', '透明窓'],
    sentences: ['反射テープ付きで夕方の通学も安心。', '透明窓から前が見えます。'],
  },
  {
    noun: 'レインコート',
    category: 'ファッション > レイングッズ',
    brands: [NAGISA, AOBA],
    price: [1980, 9800],
    materials: ['ナイロン', 'ポリエステル'],
    colors: [BLACK, NAVY, c('カーキ', 'K'), c('イエロー', 'Y')],
    sizes: ['M', 'L', 'LL', '3L'],
    tags: ['防水', '自転車通勤', 'リュック対応'],
    sentences: ['{material}製で軽く、たたんで持ち歩けます。', 'リュックの上から着られます。'],
  },
  {
    noun: '羽毛布団',
    category: 'インテリア・寝具 > 寝具',
    brands: [MIDORI, SHIRASAGI],
    price: [9800, 79800],
    materials: ['ダウン90%', 'ダウン85%'],
    materialKey: 'filling',
    sizes: ['シングル', 'セミダブル', 'ダブル'],
    tags: ['日本製', '抗菌防臭', '洗える'],
    sentences: ['{material}のふんわりした掛け布団。', '側生地は綿100%。'],
  },
  {
    noun: { 低反発: '低反発枕', そば殻: 'そば殻枕', パイプ: 'パイプ枕' },
    category: 'インテリア・寝具 > 寝具',
    brands: [MIDORI, SAKURADO],
    price: [1980, 12800],
    materials: ['低反発', 'そば殻', 'パイプ'],
    materialKey: 'filling',
    tags: ['高さ調整', '洗えるカバー'],
    sentences: ['首と肩を支える形。', 'カバーは洗濯機で洗えます。'],
  },
  {
    noun: { 常滑焼: '常滑焼 急須', 南部鉄器: '南部鉄器 急須', 磁器: '急須' },
    category: 'キッチン用品 > 茶器',
    brands: [TAKUMI, SHIRASAGI],
    price: [1980, 19800],
    materials: ['常滑焼', '南部鉄器', '磁器'],
    colors: [BLACK, c('朱泥', 'U'), WHITE],
    packs: ['300ml', '500ml'],
    packKey: 'capacity',
    tags: ['茶こし付き', '贈り物'],
    sentences: ['{material}の急須で日本茶をおいしく。', '茶こし付きでそのまま淹れられます。'],
  },
  {
    noun: 'マグカップ',
    category: 'キッチン用品 > 食器',
    brands: [SHIRASAGI, SAKURADO],
    price: [980, 3980],
    materials: ['磁器', '陶器'],
    colors: [WHITE, c('藍', 'I'), GREEN, BEIGE],
    packs: ['300ml', '350ml'],
    packKey: 'capacity',
    tags: ['電子レンジ対応', '食洗機対応'],
    sentences: ['{material}製で毎日使いやすい。', 'ぽってりした形で手に持ちやすい。'],
  },
  {
    noun: { ステンレス: '三徳包丁', ダマスカス: 'ダマスカス 三徳包丁' },
    category: 'キッチン用品 > 調理器具',
    brands: [TAKUMI, TSUBAME],
    price: [2980, 24800],
    materials: ['ステンレス', 'ダマスカス'],
    packs: ['165mm', '180mm'],
    packKey: 'blade',
    tags: ['両刃', '日本製', '食洗機不可'],
    sentences: ['{material}鋼の刃で肉も野菜もよく切れます。', '研ぎ直しができます。'],
  },
  {
    noun: '牛刀',
    category: 'キッチン用品 > 調理器具',
    brands: [TAKUMI, TSUBAME],
    price: [4980, 29800],
    materials: ['ステンレス', 'ダマスカス'],
    packs: ['210mm', '240mm'],
    packKey: 'blade',
    tags: ['両刃', '日本製'],
    sentences: ['{material}鋼の刃。', 'プロの厨房でも使われる形。'],
  },
  {
    noun: 'フライパン',
    category: 'キッチン用品 > 調理器具',
    brands: [TSUBAME, HOKUTO],
    price: [1980, 12800],
    materials: ['鉄', 'アルミ', 'ステンレス'],
    packs: ['20cm', '26cm', '28cm'],
    packKey: 'diameter',
    tags: ['IH対応', 'ガス火対応', 'PFAS不使用'],
    sentences: ['{material}製で焼き目がきれいにつきます。', '油なじみがよく長く使えます。'],
  },
  {
    noun: 'スニーカー',
    category: 'ファッション > 靴',
    brands: [AOBA, KUMO],
    price: [3980, 14800],
    materials: ['キャンバス', '合成皮革', 'メッシュ'],
    audiences: ['メンズ', 'レディース'],
    colors: [WHITE, BLACK, NAVY, GRAY],
    sizes: SHOE_SIZES,
    tags: ['ローカット', '軽量', '幅広'],
    sentences: ['{material}のアッパーで軽い履き心地。', '幅広設計で足が疲れにくい。'],
  },
  {
    noun: 'Tシャツ',
    category: 'ファッション > トップス',
    brands: [AOBA, KUMO, NAGISA],
    price: [990, 4990],
    materials: ['綿100%', 'ポリエステル'],
    audiences: ['メンズ', 'レディース'],
    colors: [WHITE, BLACK, NAVY, GRAY, BEIGE],
    sizes: APPAREL_SIZES,
    tags: ['半袖', '無地', '速乾'],
    sentences: ['{material}で肌ざわりがよい。', '洗濯しても縮みにくい。'],
  },
];

/** Families with English titles (`language: "en"`), in the shop's own Japanese categories. */
const ENGLISH_KINDS: readonly MerchantKind[] = [
  {
    noun: 'Wireless Headphones',
    category: '家電 > オーディオ',
    brands: [KUMO],
    price: [5980, 39800],
    colors: [c('Black', 'B'), c('White', 'W')],
    model: { prefix: 'NC-', base: 700, step: 10 },
    tags: ['noise cancelling', 'Bluetooth'],
    sentences: ['Active noise cancelling for the train.', 'Folds flat into its case.'],
    language: 'en',
  },
  {
    noun: 'Stainless Steel Travel Mug',
    category: 'キッチン用品 > 水筒・マグボトル',
    brands: [SHIRASAGI],
    price: [1980, 4980],
    materials: ['stainless steel'],
    colors: [c('Black', 'B'), c('Sage', 'G')],
    packs: ['480ml'],
    packKey: 'capacity',
    tags: ['leakproof', 'keeps hot'],
    sentences: ['Vacuum insulated {material}.', 'The lid opens with one hand.'],
    language: 'en',
  },
  {
    noun: 'Rice Cooker',
    category: '家電 > キッチン家電',
    brands: [TAKUMI],
    price: [7980, 29800],
    colors: [c('White', 'W'), c('Black', 'B')],
    packs: ['3 cups', '5.5 cups'],
    packKey: 'capacity',
    model: { prefix: 'RCE-', base: 30, step: 5 },
    tags: ['quick cook', 'keep warm'],
    sentences: ['Fluffy rice at the press of a button.', 'A thick inner pot.'],
    language: 'en',
  },
  {
    noun: 'Santoku Knife',
    category: 'キッチン用品 > 調理器具',
    brands: [TAKUMI, TSUBAME],
    price: [2980, 19800],
    materials: ['stainless steel', 'Damascus steel'],
    packs: ['165mm', '180mm'],
    packKey: 'blade',
    tags: ['made in Japan'],
    sentences: ['A {material} blade for meat, fish and vegetables.', 'Made in Japan.'],
    language: 'en',
  },
];

/** Yen as shops write them: 3,980, 4,000, 3,998. */
const yenPrice = (base: number, r: Prng): number => {
  const hundreds = Math.max(1, Math.round(base / 100)) * 100;
  return hundreds - r.pick([20, 0, 2]);
};

export function japaneseCatalog(): RelevanceCatalog {
  const products = generateMerchant({
    seed: JAPANESE_SEED,
    count: JAPANESE_PRODUCTS,
    currency: 'JPY',
    id: (index) => `SKU-${300_001 + index}`,
    kinds: KINDS,
    secondLanguageKinds: ENGLISH_KINDS,
    secondLanguageShare: 0.14,
    gtinPrefixes: ['45', '49'],
    price: yenPrice,
    title: ({ brand, audience, noun, pack, model, color }) => [brand, model, noun, audience, pack, color].filter(Boolean).join(' '),
  });
  return { name: 'japanese', products, mainCurrency: 'JPY', synonyms: [] };
}
