import type { RelevanceCatalog } from './catalog-product';
import { euroPrice, generateMerchant, type Colour, type MerchantKind } from './merchant-generator';

const GERMAN_SEED = 49_0711;
const GERMAN_PRODUCTS = 2_100;

const c = (name: string, code: string): Colour => ({ name, code });
const SCHWARZ = c('Schwarz', 'SW');
const WEISS = c('Weiß', 'WS');
const CREME = c('Creme', 'CR');
const DUNKELBLAU = c('Dunkelblau', 'DB');
const SALBEIGRUEN = c('Salbeigrün', 'SG');
const ANTHRAZIT = c('Anthrazit', 'AN');
const ROT = c('Rot', 'RT');
const GELB = c('Gelb', 'GE');
const GRAU = c('Grau', 'GR');
const BRAUN = c('Braun', 'BR');
const COGNAC = c('Cognac', 'CO');
const BAG_COLOURS = [SCHWARZ, COGNAC, c('Taupe', 'TA'), c('Bordeaux', 'BX'), DUNKELBLAU];
const RAIN_COLOURS = [DUNKELBLAU, c('Olivgrün', 'OG'), GELB, SCHWARZ, ROT];
const TABLEWARE_COLOURS = [WEISS, CREME, SALBEIGRUEN, ANTHRAZIT, c('Taubenblau', 'TB')];
const APPLIANCE_COLOURS = [WEISS, SCHWARZ, CREME, c('Silber', 'SI')];
const TEXTILE_COLOURS = [WEISS, GRAU, SALBEIGRUEN, DUNKELBLAU, c('Terrakotta', 'TK')];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

const LEDERWERK = 'Lederwerk München';
const ELBUFER = 'Elbufer';
const BERGSTEIG = 'Bergsteig';
const NORDWIND = 'Nordwind';
const PORZELLANHAUS = 'Porzellanhaus Köln';
const WEISSDORN = 'Weißdorn';
const KUECHENWERK = 'Küchenwerk';
const HEIMGUT = 'Heimgut';
const SCHLAFGUT = 'Schlafgut';
const GROSSMANN = 'Großmann & Söhne';
const FROEHLICH = 'Fröhlich Sport';
const ISARTALER = 'Isartaler';

/**
 * A German department store written from scratch: bags, belts, rainwear, cups and mugs, footballs,
 * hiking shoes, kitchen appliances with model numbers, cookware, bed linen. German as shops write it:
 * compounds (Lederhandtasche, Regenmantel, Kaffeetasse, Kinderfahrrad, LED-Taschenlampe), umlauts
 * and ß in nouns and brands (Fußball, Größe, München, Köln), sizes and volumes with a decimal comma
 * (`1,5 l`, `135 x 200 cm`), shoe sizes in `attributes.size`. A tenth of the families are written in
 * English and say so in their own `language` (the import's `de` covers the rest).
 */
const KINDS: readonly MerchantKind[] = [
  {
    noun: { Leder: 'Lederhandtasche', Kunstleder: 'Handtasche', Canvas: 'Canvas-Handtasche' },
    category: 'Gepäck & Taschen > Handtaschen',
    brands: [LEDERWERK, ELBUFER],
    price: [39, 249],
    materials: ['Leder', 'Kunstleder', 'Canvas'],
    audiences: ['Damen'],
    colors: BAG_COLOURS,
    tags: ['Reißverschluss', 'Schulterriemen', 'Innenfach'],
    sentences: [
      'Die Tasche aus {material} hat ein Innenfach mit Reißverschluss.',
      'Groß genug für Geldbörse, Schlüssel und ein Taschenbuch.',
      'Der Schulterriemen lässt sich abnehmen.',
    ],
  },
  {
    noun: 'Umhängetasche',
    category: 'Gepäck & Taschen > Umhängetaschen',
    brands: [LEDERWERK, ELBUFER, NORDWIND],
    price: [29, 189],
    materials: ['Leder', 'Canvas', 'Nylon'],
    audiences: ['Damen', 'Herren', 'Unisex'],
    colors: BAG_COLOURS,
    tags: ['verstellbarer Gurt', 'Tablet-Fach', 'wasserabweisend'],
    sentences: [
      'Eine Tasche aus {material} für jeden Tag.',
      'Der Gurt lässt sich in der Länge verstellen.',
      'Mit Fach für ein Tablet bis 11 Zoll.',
    ],
  },
  {
    noun: 'Aktentasche',
    category: 'Gepäck & Taschen > Aktentaschen',
    brands: [LEDERWERK, GROSSMANN],
    price: [79, 329],
    materials: ['Leder', 'Nylon'],
    audiences: ['Herren', 'Damen'],
    colors: [SCHWARZ, COGNAC, BRAUN],
    tags: ['Büro', 'Laptopfach 15 Zoll', 'Arbeit'],
    sentences: [
      'Für den Weg zur Arbeit: Laptopfach und Platz für Unterlagen.',
      'Robuste Tasche aus {material} mit Schloss.',
      'Passt unter den Sitz im Zug.',
    ],
  },
  {
    noun: { Nylon: 'Wanderrucksack', Canvas: 'Rucksack', 'recyceltes Polyester': 'Tagesrucksack' },
    category: 'Gepäck & Taschen > Rucksäcke',
    brands: [BERGSTEIG, NORDWIND],
    price: [35, 179],
    materials: ['Nylon', 'Canvas', 'recyceltes Polyester'],
    colors: [SCHWARZ, c('Olivgrün', 'OG'), ROT, DUNKELBLAU],
    packs: ['20 l', '30 l', '45 l'],
    packKey: 'volumen',
    tags: ['Regenhülle', 'Brustgurt', 'Trinksystem'],
    sentences: [
      'Das Rückenteil mit Netz hält den Rücken kühl.',
      'Aus {material}, wasserabweisend beschichtet.',
      'Seitentaschen für zwei Flaschen.',
    ],
  },
  {
    noun: { Leder: 'Ledergürtel', Stoff: 'Stoffgürtel' },
    category: 'Bekleidung & Accessoires > Gürtel',
    brands: [LEDERWERK, GROSSMANN, ISARTALER],
    price: [19, 89],
    materials: ['Leder', 'Stoff'],
    audiences: ['Herren', 'Damen'],
    colors: [SCHWARZ, BRAUN, COGNAC],
    sizes: ['85 cm', '90 cm', '95 cm', '100 cm', '105 cm', '110 cm'],
    tags: ['Dornschließe', 'kürzbar'],
    sentences: ['Breite 3,5 cm, Schließe aus Messing.', 'Aus {material}, wird mit jedem Jahr schöner.'],
  },
  {
    noun: 'Regenmantel',
    category: 'Bekleidung & Accessoires > Bekleidung > Regenbekleidung',
    brands: [NORDWIND, ELBUFER],
    price: [69, 239],
    materials: ['Polyester mit PU-Beschichtung', 'gewachste Baumwolle'],
    audiences: ['Damen', 'Herren'],
    colors: RAIN_COLOURS,
    sizes: CLOTHING_SIZES,
    tags: ['wasserdicht', 'Kapuze', 'atmungsaktiv'],
    sentences: [
      'Lang geschnitten, hält auch bei Dauerregen trocken.',
      'Aus {material} mit verschweißten Nähten.',
      'Die Kapuze lässt sich abnehmen.',
    ],
  },
  {
    noun: 'Regenjacke',
    category: 'Bekleidung & Accessoires > Bekleidung > Regenbekleidung',
    brands: [NORDWIND, BERGSTEIG],
    price: [39, 199],
    materials: ['recyceltes Polyamid', 'Polyester'],
    audiences: ['Damen', 'Herren', 'Kinder'],
    colors: RAIN_COLOURS,
    sizes: CLOTHING_SIZES,
    tags: ['wasserdicht', 'Kapuze', 'Packbeutel'],
    sentences: ['Leicht und klein verpackbar.', 'Aus {material}, Wassersäule 10.000 mm.', 'Unterarmbelüftung mit Reißverschluss.'],
  },
  {
    noun: { Stahl: 'Regenschirm', Fiberglas: 'Taschenschirm' },
    category: 'Bekleidung & Accessoires > Regenschirme',
    brands: [NORDWIND, ELBUFER],
    price: [14, 59],
    materials: ['Stahl', 'Fiberglas'],
    materialKey: 'gestell',
    colors: [SCHWARZ, DUNKELBLAU, ROT, GELB],
    tags: ['sturmfest', 'Automatik'],
    sentences: ['Das Gestell aus {material} hält auch Windböen stand.', 'Öffnet und schließt auf Knopfdruck.'],
  },
  {
    noun: { Porzellan: 'Kaffeetasse mit Untertasse', Steingut: 'Kaffeetasse' },
    category: 'Haushalt > Küche > Geschirr > Trinkgefäße',
    brands: [PORZELLANHAUS, WEISSDORN],
    price: [8, 39],
    materials: ['Porzellan', 'Steingut'],
    colors: TABLEWARE_COLOURS,
    packs: ['250 ml', '300 ml'],
    packKey: 'inhalt',
    tags: ['spülmaschinenfest', 'mikrowellengeeignet'],
    sentences: ['Aus {material}, in der Manufaktur glasiert.', 'Liegt gut in der Hand, auch mit dem zweiten Kaffee.'],
  },
  {
    noun: 'Teetasse',
    category: 'Haushalt > Küche > Geschirr > Trinkgefäße',
    brands: [PORZELLANHAUS, WEISSDORN],
    price: [7, 34],
    materials: ['Porzellan', 'Glas'],
    colors: TABLEWARE_COLOURS,
    packs: ['350 ml'],
    packKey: 'inhalt',
    tags: ['spülmaschinenfest', 'mit Deckel'],
    sentences: ['Aus {material}, mit passendem Deckel zum Ziehenlassen.', 'Für eine große Kanne Tee reichen zwei Tassen.'],
  },
  {
    noun: 'Espressotasse',
    category: 'Haushalt > Küche > Geschirr > Trinkgefäße',
    brands: [PORZELLANHAUS, WEISSDORN],
    price: [6, 24],
    materials: ['Porzellan', 'Steingut'],
    colors: TABLEWARE_COLOURS,
    packs: ['80 ml', '100 ml'],
    packKey: 'inhalt',
    tags: ['spülmaschinenfest', 'dickwandig'],
    sentences: ['Dickwandiges {material} hält den Espresso warm.', 'Passt unter jeden Siebträger.'],
  },
  {
    noun: 'Thermobecher',
    category: 'Haushalt > Küche > Geschirr > Trinkgefäße',
    brands: [HEIMGUT, BERGSTEIG],
    price: [12, 39],
    materials: ['Edelstahl'],
    colors: [SCHWARZ, WEISS, SALBEIGRUEN, ROT],
    packs: ['350 ml', '500 ml'],
    packKey: 'inhalt',
    tags: ['auslaufsicher', 'doppelwandig'],
    sentences: ['Doppelwandiger {material} hält Kaffee vier Stunden heiß.', 'Der Deckel schließt auslaufsicher.'],
  },
  {
    noun: 'Fußball',
    category: 'Sport & Freizeit > Ballsport > Fußball',
    brands: [FROEHLICH, BERGSTEIG],
    price: [12, 69],
    materials: ['Kunstleder', 'TPU'],
    materialKey: 'obermaterial',
    colors: [c('Weiß/Blau', 'WB'), c('Weiß/Rot', 'WR'), c('Neongelb', 'NG')],
    packs: ['Größe 3', 'Größe 4', 'Größe 5'],
    packKey: 'ballgröße',
    tags: ['Trainingsball', 'Spielball', 'handgenäht'],
    sentences: ['Obermaterial aus {material}, formstabil auch auf Kunstrasen.', 'Für Training und Punktspiel.'],
  },
  {
    noun: 'Torwarthandschuhe',
    category: 'Sport & Freizeit > Ballsport > Fußball',
    brands: [FROEHLICH],
    price: [15, 79],
    materials: ['Latex', 'Kunststoff'],
    materialKey: 'haftschaum',
    colors: [SCHWARZ, c('Neongelb', 'NG')],
    sizes: ['6', '7', '8', '9', '10'],
    tags: ['Fingerschutz', 'Klettverschluss'],
    sentences: ['Haftschaum aus {material} für sicheren Griff.', 'Mit Klettverschluss am Handgelenk.'],
  },
  {
    noun: 'Wanderschuhe',
    category: 'Bekleidung & Accessoires > Schuhe > Outdoorschuhe',
    brands: [BERGSTEIG, ISARTALER],
    price: [79, 229],
    materials: ['Nubukleder', 'Mesh'],
    audiences: ['Damen', 'Herren'],
    colors: [BRAUN, ANTHRAZIT, c('Oliv', 'OL')],
    sizes: SHOE_SIZES,
    tags: ['wasserdicht', 'Profilsohle', 'knöchelhoch'],
    sentences: ['Obermaterial aus {material}, Profilsohle für Geröll und Waldwege.', 'Eingelaufen in wenigen Tagen.'],
  },
  {
    noun: 'Kinderfahrrad',
    category: 'Sport & Freizeit > Fahrräder > Kinderfahrräder',
    brands: [FROEHLICH, ISARTALER],
    price: [149, 399],
    materials: ['Aluminium', 'Stahl'],
    materialKey: 'rahmen',
    colors: [ROT, DUNKELBLAU, c('Mint', 'MI'), c('Pink', 'PK')],
    packs: ['12 Zoll', '16 Zoll', '20 Zoll'],
    packKey: 'laufradgröße',
    tags: ['Stützräder', 'Rücktrittbremse', 'Klingel'],
    sentences: ['Rahmen aus {material}, leicht genug zum Tragen.', 'Mit Rücktrittbremse und Klingel.'],
  },
  {
    noun: 'Fahrradhelm',
    category: 'Sport & Freizeit > Fahrräder > Fahrradhelme',
    brands: [FROEHLICH, BERGSTEIG],
    price: [29, 119],
    materials: ['EPS-Schaum'],
    audiences: ['Kinder', 'Erwachsene'],
    colors: [WEISS, SCHWARZ, ROT, c('Mint', 'MI')],
    sizes: ['S', 'M', 'L'],
    tags: ['Rücklicht', 'Insektennetz'],
    sentences: ['Inmold-Schale über {material}.', 'Mit Rücklicht und Drehrad zum Anpassen.'],
  },
  {
    noun: 'Wasserkocher',
    category: 'Haushalt > Küche > Küchengeräte > Wasserkocher',
    brands: [KUECHENWERK, HEIMGUT],
    price: [24, 119],
    materials: ['Edelstahl', 'Glas', 'Kunststoff'],
    colors: APPLIANCE_COLOURS,
    packs: ['1,0 l', '1,5 l', '1,7 l'],
    packKey: 'fassungsvermögen',
    model: { prefix: 'WK-', base: 1000, step: 100, mpnPerColor: true },
    tags: ['Temperaturwahl', 'Kalkfilter', '2200 Watt'],
    sentences: ['Gehäuse aus {material}, Deckel mit Federöffnung.', 'Schaltet ab, sobald das Wasser kocht.'],
  },
  {
    noun: 'Kaffeevollautomat',
    category: 'Haushalt > Küche > Küchengeräte > Kaffeemaschinen',
    brands: [KUECHENWERK],
    price: [299, 1199],
    materials: ['Kegelmahlwerk aus Edelstahl', 'Keramikmahlwerk'],
    materialKey: 'mahlwerk',
    colors: [SCHWARZ, c('Silber', 'SI')],
    model: { prefix: 'KV ', base: 600, step: 50 },
    tags: ['Milchaufschäumer', 'One-Touch', '15 bar'],
    sentences: ['Mahlt jede Tasse frisch mit dem {material}.', 'Cappuccino und Latte macchiato auf Knopfdruck.'],
  },
  {
    noun: 'Stabmixer',
    category: 'Haushalt > Küche > Küchengeräte > Mixer',
    brands: [KUECHENWERK, HEIMGUT],
    price: [29, 139],
    materials: ['Edelstahl', 'Kunststoff'],
    materialKey: 'mixfuß',
    colors: [WEISS, SCHWARZ],
    packs: ['600 W', '1000 W'],
    packKey: 'leistung',
    model: { prefix: 'SM-', base: 60, step: 5 },
    tags: ['Pürierstab', 'Zerkleinerer', 'Schneebesen'],
    sentences: ['Mixfuß aus {material}, spülmaschinenfest.', 'Mit Zerkleinerer für Kräuter und Nüsse.'],
  },
  {
    noun: { Gusseisen: 'Gusseisenpfanne', Edelstahl: 'Bratpfanne', Aluminium: 'Bratpfanne' },
    category: 'Haushalt > Küche > Kochgeschirr > Pfannen',
    brands: [GROSSMANN, HEIMGUT],
    price: [24, 149],
    materials: ['Gusseisen', 'Edelstahl', 'Aluminium'],
    packs: ['20 cm', '24 cm', '28 cm'],
    packKey: 'durchmesser',
    tags: ['induktionsgeeignet', 'backofenfest', 'antihaftbeschichtet'],
    sentences: ['Aus {material}, für alle Herdarten.', 'Der Griff bleibt beim Braten kühl.'],
  },
  {
    noun: 'Kochtopf',
    category: 'Haushalt > Küche > Kochgeschirr > Töpfe',
    brands: [GROSSMANN, HEIMGUT],
    price: [29, 179],
    materials: ['Edelstahl', 'emailliertes Gusseisen'],
    packs: ['16 cm', '20 cm', '24 cm'],
    packKey: 'durchmesser',
    tags: ['induktionsgeeignet', 'mit Glasdeckel'],
    sentences: ['Topf aus {material} mit Schüttrand.', 'Innen mit Literskala.'],
  },
  {
    noun: 'Bettwäsche',
    category: 'Heimtextilien > Bettwäsche',
    brands: [SCHLAFGUT, ELBUFER, WEISSDORN],
    price: [39, 179],
    materials: ['Baumwolle', 'Mako-Satin', 'Biber', 'Leinen'],
    colors: TEXTILE_COLOURS,
    packs: ['135 x 200 cm', '155 x 220 cm', '200 x 200 cm'],
    packKey: 'maße',
    tags: ['Reißverschluss', 'Öko-Tex', 'zweiteilig'],
    sentences: ['Bezug und Kissen aus {material}.', 'Mit verdecktem Reißverschluss.', 'Waschbar bei 60 Grad.'],
  },
  {
    noun: 'Kopfkissen',
    category: 'Heimtextilien > Kissen',
    brands: [SCHLAFGUT],
    price: [19, 99],
    materials: ['Daunen', 'Mikrofaser'],
    materialKey: 'füllung',
    packs: ['40 x 80 cm', '80 x 80 cm'],
    packKey: 'maße',
    tags: ['waschbar', 'Allergiker'],
    sentences: ['Füllung aus {material}.', 'Waschbar bei 60 Grad.'],
  },
  {
    noun: 'LED-Taschenlampe',
    category: 'Baumarkt > Werkzeug > Lampen & Leuchten',
    brands: [HEIMGUT, BERGSTEIG],
    price: [12, 79],
    materials: ['Aluminium', 'Kunststoff'],
    colors: [SCHWARZ, ROT],
    model: { prefix: 'TL-', base: 100, step: 20 },
    tags: ['wiederaufladbar', 'wasserdicht', 'USB-C'],
    sentences: ['Gehäuse aus {material}, übersteht Stürze aus zwei Metern.', 'Leuchtet bis zu 200 Meter weit.'],
  },
  {
    noun: { 'Over-Ear': 'Over-Ear-Kopfhörer', 'In-Ear': 'In-Ear-Kopfhörer' },
    category: 'Elektronik > Audio > Kopfhörer',
    brands: [KUECHENWERK, NORDWIND],
    price: [29, 349],
    materials: ['Over-Ear', 'In-Ear'],
    materialKey: 'bauform',
    colors: [SCHWARZ, WEISS, c('Silber', 'SI')],
    model: { prefix: 'KH-', base: 200, step: 10, mpnPerColor: true },
    tags: ['Bluetooth', 'Geräuschunterdrückung', '30 Stunden Akku'],
    sentences: ['Kabellos über Bluetooth, mit Mikrofon für Telefonate.', 'Aktive Geräuschunterdrückung für Zug und Büro.'],
  },
];

const BLACK = c('black', 'BLK');
const BROWN = c('brown', 'BRN');
const NAVY = c('navy', 'NVY');
/** Families written in English (`language: "en"`), in the store's own categories. */
const ENGLISH_KINDS: readonly MerchantKind[] = [
  {
    noun: 'Leather Belt',
    category: 'Bekleidung & Accessoires > Gürtel',
    brands: [LEDERWERK],
    price: [24, 89],
    materials: ['full-grain leather'],
    colors: [BLACK, BROWN],
    sizes: ['85 cm', '90 cm', '95 cm', '100 cm', '105 cm'],
    tags: ['brass buckle'],
    sentences: ['Cut from {material}.', 'A brass buckle that will not tarnish.'],
    language: 'en',
  },
  {
    noun: 'Rain Jacket',
    category: 'Bekleidung & Accessoires > Bekleidung > Regenbekleidung',
    brands: [NORDWIND],
    price: [49, 189],
    materials: ['recycled polyamide'],
    colors: [NAVY, c('yellow', 'YEL')],
    sizes: ['S', 'M', 'L', 'XL'],
    tags: ['waterproof', 'hood'],
    sentences: ['Light, packable and waterproof.', 'Made of {material}.'],
    language: 'en',
  },
  {
    noun: 'Electric Kettle',
    category: 'Haushalt > Küche > Küchengeräte > Wasserkocher',
    brands: [KUECHENWERK],
    price: [29, 99],
    materials: ['stainless steel', 'glass'],
    colors: [c('white', 'WHT'), BLACK],
    packs: ['1.7 L'],
    packKey: 'capacity',
    model: { prefix: 'EK-', base: 170, step: 10 },
    tags: ['temperature control', 'keep warm'],
    sentences: ['A {material} body and a one-touch lid.', 'Boils a full jug in four minutes.'],
    language: 'en',
  },
  {
    noun: 'Hiking Boots',
    category: 'Bekleidung & Accessoires > Schuhe > Outdoorschuhe',
    brands: [BERGSTEIG],
    price: [89, 219],
    materials: ['nubuck leather'],
    colors: [BROWN, c('charcoal', 'CHR')],
    sizes: SHOE_SIZES,
    tags: ['waterproof', 'ankle support'],
    sentences: ['Uppers in {material} with a lugged sole.', 'Broken in within a week.'],
    language: 'en',
  },
  {
    noun: 'Coffee Mug',
    category: 'Haushalt > Küche > Geschirr > Trinkgefäße',
    brands: [PORZELLANHAUS],
    price: [8, 29],
    materials: ['stoneware'],
    colors: [c('white', 'WHT'), c('sage green', 'SGE')],
    packs: ['350 ml'],
    packKey: 'capacity',
    tags: ['dishwasher safe'],
    sentences: ['Glazed {material} with a wide handle.', 'Holds a generous morning coffee.'],
    language: 'en',
  },
];

export function germanCatalog(): RelevanceCatalog {
  const products = generateMerchant({
    seed: GERMAN_SEED,
    count: GERMAN_PRODUCTS,
    currency: 'EUR',
    id: (index) => `ART-${100_001 + index}`,
    kinds: KINDS,
    secondLanguageKinds: ENGLISH_KINDS,
    secondLanguageShare: 0.07,
    gtinPrefixes: ['40', '41', '42', '43', '44'],
    price: euroPrice,
    title: ({ brand, audience, noun, pack, model, color }) =>
      [brand, audience, noun, pack, model].filter(Boolean).join(' ') + (color ? `, ${color}` : ''),
  });
  return { name: 'german', products, mainCurrency: 'EUR', synonyms: [] };
}
