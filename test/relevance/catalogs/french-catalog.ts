import type { RelevanceCatalog } from './catalog-product';
import { euroPrice, generateMerchant, type Colour, type MerchantKind } from './merchant-generator';

const FRENCH_SEED = 75_011;
const FRENCH_PRODUCTS = 2_100;

const c = (name: string, code: string, feminine?: string): Colour => ({ name, code, ...(feminine && { feminine }) });
const NOIR = c('noir', 'NR', 'noire');
const BLANC = c('blanc', 'BL', 'blanche');
const GRIS = c('gris', 'GR', 'grise');
const VERT = c('vert', 'VT', 'verte');
const ROUGE = c('rouge', 'RG');
const BLEU_MARINE = c('bleu marine', 'BM');
const BEIGE = c('beige', 'BG');
const CAMEL = c('camel', 'CM');
const BORDEAUX = c('bordeaux', 'BX');
const MARRON = c('marron', 'MR');
const JAUNE = c('jaune', 'JN');
const ECRU = c('écru', 'EC', 'écrue');
const TERRACOTTA = c('terracotta', 'TC');
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const POINTURES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

const MAISON_LAVANDE = 'Maison Lavande';
const ATELIER_LIN = 'Atelier Lin';
const COTE_SAUVAGE = 'Côte Sauvage';
const CUISINE_COEUR = 'Cuisine & Cœur';
const SOEURS_MOREAU = 'Sœurs Moreau';
const FORGES_DU_VERCORS = 'Forges du Vercors';
const BEL_ETE = 'Bel Été';
const ECLAT = 'Éclat Paris';
const SENTIERS = 'Les Sentiers';
const DOUCE_NUIT = 'Douce Nuit';
const EPICERIE_ROSIERES = 'Épicerie des Rosières';

/**
 * A French home and lifestyle shop written from scratch: teapots, cups, kettles, hair dryers, face
 * creams, scarves, handbags, belts, rainwear, hiking shoes, cookware, bedding, a grocery shelf.
 * French as shops write it: accents everywhere (théière, crème, écharpe, sèche-cheveux, poêle),
 * the colour agreeing with the noun in the title (`Écharpe en laine, grise`; `attributes.color` is
 * the masculine form), elision with a typographic apostrophe (`Huile d’olive`), volumes in litres
 * and centilitres with a decimal comma (`1,7 l`, `75 cl`), shoe sizes (pointures) in `attributes.size`.
 * About a tenth of the families are written in German or English and carry their `language`.
 */
const KINDS: readonly MerchantKind[] = [
  {
    noun: { fonte: 'Théière en fonte', porcelaine: 'Théière en porcelaine', verre: 'Théière en verre' },
    category: 'Maison > Arts de la table > Thé et café',
    brands: [MAISON_LAVANDE, CUISINE_COEUR],
    price: [19, 129],
    materials: ['fonte', 'porcelaine', 'verre'],
    feminine: true,
    colors: [NOIR, ROUGE, VERT, BLANC, c('bleu nuit', 'BN')],
    packs: ['0,8 l', '1,2 l'],
    packKey: 'contenance',
    tags: ['filtre inox', 'thé en vrac', 'cadeau'],
    sentences: ['Garde le thé chaud longtemps grâce à la {material}.', 'Filtre amovible en inox pour le thé en vrac.'],
  },
  {
    noun: { porcelaine: 'Tasse à café', grès: 'Tasse à café', 'porcelaine fine': 'Tasse à thé' },
    category: 'Maison > Arts de la table > Tasses et mugs',
    brands: [MAISON_LAVANDE, SOEURS_MOREAU],
    price: [6, 32],
    materials: ['porcelaine', 'grès', 'porcelaine fine'],
    feminine: true,
    colors: [BLANC, ECRU, VERT, c('bleu ciel', 'BC'), TERRACOTTA],
    packs: ['lot de 2', 'lot de 4', 'lot de 6'],
    packKey: 'lot',
    tags: ['lave-vaisselle', 'micro-ondes'],
    sentences: ['En {material} émaillée à la main.', 'Passe au lave-vaisselle et au micro-ondes.'],
  },
  {
    noun: 'Mug isotherme',
    category: 'Maison > Arts de la table > Tasses et mugs',
    brands: [CUISINE_COEUR, SENTIERS],
    price: [12, 39],
    materials: ['inox'],
    colors: [NOIR, BLANC, VERT, ROUGE],
    packs: ['350 ml', '500 ml'],
    packKey: 'contenance',
    tags: ['étanche', 'double paroi'],
    sentences: ['Double paroi en {material} : le café reste chaud quatre heures.', 'Couvercle étanche, se glisse dans le sac.'],
  },
  {
    noun: 'Bouilloire électrique',
    category: 'Maison > Électroménager > Bouilloires',
    brands: [CUISINE_COEUR, ECLAT],
    price: [24, 119],
    materials: ['inox', 'verre'],
    feminine: true,
    colors: [NOIR, BLANC, c('crème', 'CR'), ROUGE],
    packs: ['1 l', '1,5 l', '1,7 l'],
    packKey: 'contenance',
    model: { prefix: 'BE-', base: 1500, step: 100, mpnPerColor: true },
    tags: ['arrêt automatique', 'réglage de température', 'filtre anticalcaire'],
    sentences: ['Corps en {material}, couvercle à ouverture douce.', 'S’arrête seule dès que l’eau bout.'],
  },
  {
    noun: 'Sèche-cheveux',
    category: 'Beauté > Soins des cheveux > Sèche-cheveux',
    brands: [ECLAT],
    price: [29, 249],
    materials: ['moteur AC', 'moteur numérique'],
    materialKey: 'moteur',
    colors: [NOIR, BLANC, c('rose poudré', 'RP')],
    packs: ['1800 W', '2200 W'],
    packKey: 'puissance',
    model: { prefix: 'SC-', base: 2000, step: 100 },
    tags: ['ionique', 'diffuseur', 'pliable'],
    sentences: ['Un {material} puissant et silencieux.', 'Livré avec un diffuseur et un concentrateur.'],
  },
  {
    noun: { 'acide hyaluronique': 'Crème hydratante', 'beurre de karité': 'Crème hydratante', 'aloe vera': 'Crème de jour' },
    category: 'Beauté > Soins du visage > Crèmes',
    brands: [ECLAT, SOEURS_MOREAU],
    price: [9, 59],
    materials: ['acide hyaluronique', 'beurre de karité', 'aloe vera'],
    materialKey: 'actif',
    packs: ['50 ml', '100 ml'],
    packKey: 'contenance',
    tags: ['sans parfum', 'peaux sensibles', 'vegan'],
    sentences: ['Enrichie en {material}.', 'Texture légère qui pénètre vite.', 'Testée sous contrôle dermatologique.'],
  },
  {
    noun: { laine: 'Écharpe en laine', cachemire: 'Écharpe en cachemire', coton: 'Écharpe en coton' },
    category: 'Vêtements et accessoires > Accessoires > Écharpes et foulards',
    brands: [ATELIER_LIN, COTE_SAUVAGE],
    price: [19, 149],
    materials: ['laine', 'cachemire', 'coton'],
    feminine: true,
    colors: [GRIS, BLEU_MARINE, ROUGE, BEIGE, CAMEL, ECRU],
    tags: ['unisexe', 'tricotée', 'douce'],
    sentences: ['Tricotée en {material}, douce contre la peau.', 'Assez longue pour faire deux tours.'],
  },
  {
    noun: { cuir: 'Sac à main en cuir', toile: 'Sac à main en toile', 'cuir végétal': 'Sac à main' },
    category: 'Vêtements et accessoires > Sacs > Sacs à main',
    brands: [ATELIER_LIN, SOEURS_MOREAU],
    price: [39, 289],
    materials: ['cuir', 'toile', 'cuir végétal'],
    colors: [NOIR, CAMEL, BORDEAUX, c('taupe', 'TP')],
    tags: ['fermeture éclair', 'bandoulière amovible', 'poche intérieure'],
    sentences: ['Un sac en {material} qui se patine avec le temps.', 'Poche intérieure zippée pour les clés.'],
  },
  {
    noun: 'Sac à dos',
    category: 'Vêtements et accessoires > Sacs > Sacs à dos',
    brands: [SENTIERS, COTE_SAUVAGE],
    price: [29, 149],
    materials: ['nylon', 'toile', 'polyester recyclé'],
    colors: [NOIR, VERT, BLEU_MARINE, JAUNE],
    packs: ['20 l', '30 l'],
    packKey: 'volume',
    tags: ['housse de pluie', 'poche ordinateur'],
    sentences: ['En {material} déperlant.', 'Dos ventilé pour les longues marches.'],
  },
  {
    noun: { cuir: 'Ceinture en cuir', toile: 'Ceinture tressée' },
    category: 'Vêtements et accessoires > Accessoires > Ceintures',
    brands: [ATELIER_LIN, FORGES_DU_VERCORS],
    price: [19, 89],
    materials: ['cuir', 'toile'],
    feminine: true,
    colors: [NOIR, MARRON, CAMEL],
    sizes: ['85', '90', '95', '100', '105', '110'],
    tags: ['boucle en laiton', 'réglable'],
    sentences: ['En {material}, boucle en laiton.', 'Largeur 3,5 cm.'],
  },
  {
    noun: 'Veste imperméable',
    category: 'Vêtements et accessoires > Vêtements > Manteaux et vestes',
    brands: [COTE_SAUVAGE, SENTIERS],
    price: [49, 219],
    materials: ['polyamide recyclé', 'polyester enduit'],
    audiences: ['Femme', 'Homme'],
    feminine: true,
    colors: [NOIR, JAUNE, BLEU_MARINE, VERT],
    sizes: SIZES,
    tags: ['capuche', 'coutures étanches', 'respirante'],
    sentences: ['En {material}, coutures étanches.', 'Capuche réglable qui se range dans le col.'],
  },
  {
    noun: 'Chaussures de randonnée',
    category: 'Vêtements et accessoires > Chaussures > Chaussures de randonnée',
    brands: [SENTIERS],
    price: [69, 219],
    materials: ['cuir nubuck', 'mesh'],
    audiences: ['Femme', 'Homme'],
    colors: [MARRON, GRIS, c('kaki', 'KK')],
    sizes: POINTURES,
    tags: ['imperméable', 'semelle crantée', 'tige haute'],
    sentences: ['Tige en {material}, semelle crantée pour les sentiers.', 'Confortables dès la première sortie.'],
  },
  {
    noun: { 'fibre de verre': 'Parapluie pliant', acier: 'Parapluie canne' },
    category: 'Vêtements et accessoires > Accessoires > Parapluies',
    brands: [COTE_SAUVAGE, ATELIER_LIN],
    price: [14, 69],
    materials: ['fibre de verre', 'acier'],
    materialKey: 'armature',
    colors: [NOIR, BLEU_MARINE, ROUGE, JAUNE],
    tags: ['anti-tempête', 'ouverture automatique'],
    sentences: ['Armature en {material} qui résiste aux rafales.', 'S’ouvre d’une seule main.'],
  },
  {
    noun: { fonte: 'Poêle en fonte', inox: 'Poêle en inox', aluminium: 'Poêle antiadhésive' },
    category: 'Maison > Cuisine > Ustensiles de cuisson > Poêles',
    brands: [FORGES_DU_VERCORS, CUISINE_COEUR],
    price: [19, 139],
    materials: ['fonte', 'inox', 'aluminium'],
    packs: ['20 cm', '24 cm', '28 cm'],
    packKey: 'diamètre',
    tags: ['tous feux dont induction', 'va au four', 'sans PFAS'],
    sentences: ['En {material}, pour tous les feux.', 'Le manche reste froid pendant la cuisson.'],
  },
  {
    noun: { inox: 'Casserole en inox', cuivre: 'Casserole en cuivre' },
    category: 'Maison > Cuisine > Ustensiles de cuisson > Casseroles',
    brands: [FORGES_DU_VERCORS, CUISINE_COEUR],
    price: [24, 179],
    materials: ['inox', 'cuivre'],
    packs: ['16 cm', '18 cm', '20 cm'],
    packKey: 'diamètre',
    tags: ['tous feux dont induction', 'bec verseur'],
    sentences: ['En {material}, avec bec verseur.', 'Graduations à l’intérieur.'],
  },
  {
    noun: 'Cafetière à piston',
    category: 'Maison > Arts de la table > Thé et café',
    brands: [MAISON_LAVANDE, CUISINE_COEUR],
    price: [15, 69],
    materials: ['verre borosilicaté', 'inox'],
    packs: ['0,35 l', '1 l'],
    packKey: 'contenance',
    tags: ['filtre inox', 'cadeau'],
    sentences: ['Un café doux et corsé en quatre minutes.', 'Verseuse en {material}.'],
  },
  {
    noun: 'Couette',
    category: 'Maison > Linge de maison > Linge de lit > Couettes',
    brands: [DOUCE_NUIT],
    price: [49, 299],
    materials: ['duvet de canard', 'microfibre'],
    materialKey: 'garnissage',
    packs: ['140 x 200 cm', '220 x 240 cm', '240 x 260 cm'],
    packKey: 'dimensions',
    tags: ['tempérée', 'chaude', 'lavable en machine'],
    sentences: ['Garnissage en {material}.', 'Lavable en machine à 40 degrés.'],
  },
  {
    noun: 'Parure de lit',
    category: 'Maison > Linge de maison > Linge de lit > Parures',
    brands: [DOUCE_NUIT, ATELIER_LIN],
    price: [39, 189],
    materials: ['percale de coton', 'lin lavé', 'satin de coton'],
    feminine: true,
    colors: [BLANC, GRIS, TERRACOTTA, c('bleu orage', 'BO'), VERT],
    packs: ['140 x 200 cm', '220 x 240 cm', '240 x 260 cm'],
    packKey: 'dimensions',
    tags: ['housse de couette', 'deux taies'],
    sentences: ['Housse de couette et taies en {material}.', 'Plus douce à chaque lavage.'],
  },
  {
    noun: 'Ballon de football',
    category: 'Sports et loisirs > Football > Ballons',
    brands: [SENTIERS, BEL_ETE],
    price: [9, 59],
    materials: ['cuir synthétique', 'TPU'],
    colors: [BLANC, JAUNE, c('bleu et blanc', 'BB')],
    sizes: ['3', '4', '5'],
    tags: ['entraînement', 'match', 'cousu main'],
    sentences: ['Enveloppe en {material}.', 'Pour l’entraînement comme pour le match.'],
  },
  {
    noun: 'Vélo enfant',
    category: 'Sports et loisirs > Cyclisme > Vélos enfant',
    brands: [BEL_ETE],
    price: [119, 349],
    materials: ['aluminium', 'acier'],
    materialKey: 'cadre',
    colors: [ROUGE, BLEU_MARINE, VERT, c('rose', 'RS')],
    packs: ['14 pouces', '16 pouces', '20 pouces'],
    packKey: 'roues',
    tags: ['roulettes', 'sonnette', 'garde-boue'],
    sentences: ['Cadre en {material}, léger à porter.', 'Livré avec roulettes et sonnette.'],
  },
  {
    noun: 'Lampe de chevet',
    category: 'Maison > Luminaires > Lampes',
    brands: [MAISON_LAVANDE, BEL_ETE],
    price: [24, 139],
    materials: ['céramique', 'laiton', 'rotin'],
    feminine: true,
    colors: [BLANC, VERT, TERRACOTTA, NOIR],
    tags: ['ampoule LED', 'interrupteur sur câble'],
    sentences: ['Pied en {material}, abat-jour en lin.', 'Une lumière douce pour lire le soir.'],
  },
  {
    noun: 'Bougie parfumée',
    category: 'Maison > Décoration > Bougies',
    brands: [MAISON_LAVANDE, SOEURS_MOREAU],
    price: [9, 45],
    materials: ['crème brûlée', 'figue', 'vanille', 'fleur d’oranger'],
    materialKey: 'parfum',
    packs: ['180 g', '300 g'],
    packKey: 'poids',
    tags: ['cire végétale', 'mèche en coton', 'cadeau'],
    sentences: ['Parfum {material}, cire végétale.', 'Jusqu’à quarante heures de combustion.'],
  },
  {
    noun: 'Huile d’olive vierge extra',
    category: 'Épicerie > Huiles et vinaigres',
    brands: [EPICERIE_ROSIERES],
    price: [8, 34],
    materials: ['Provence', 'Nyons', 'Corse'],
    materialKey: 'origine',
    packs: ['50 cl', '75 cl', '1 l'],
    packKey: 'contenance',
    tags: ['première pression à froid', 'AOP'],
    sentences: ['Olives récoltées en {material}.', 'Première pression à froid.'],
  },
  {
    noun: 'Confiture extra',
    category: 'Épicerie > Confitures et miels',
    brands: [EPICERIE_ROSIERES],
    price: [4, 12],
    materials: ['fraise', 'abricot', 'figue', 'mûre'],
    materialKey: 'fruit',
    packs: ['250 g', '370 g'],
    packKey: 'poids',
    tags: ['cuite au chaudron', 'sans conservateur'],
    sentences: ['Confiture de {material} cuite au chaudron de cuivre.', 'Soixante pour cent de fruits.'],
  },
];

/** Families written in German or English, with their `language`, in the shop's own categories. */
const SECOND_LANGUAGE_KINDS: readonly MerchantKind[] = [
  {
    noun: 'Teekanne aus Gusseisen',
    category: 'Maison > Arts de la table > Thé et café',
    brands: [MAISON_LAVANDE],
    price: [29, 119],
    materials: ['Gusseisen'],
    colors: [c('Schwarz', 'SW'), c('Rot', 'RT')],
    packs: ['0,8 l', '1,2 l'],
    packKey: 'inhalt',
    tags: ['Edelstahlsieb'],
    sentences: ['Hält den Tee lange warm.', 'Mit herausnehmbarem Sieb aus Edelstahl.'],
    language: 'de',
  },
  {
    noun: 'Wasserkocher',
    category: 'Maison > Électroménager > Bouilloires',
    brands: [CUISINE_COEUR],
    price: [29, 99],
    materials: ['Edelstahl'],
    colors: [c('Weiß', 'WS'), c('Schwarz', 'SW')],
    packs: ['1,7 l'],
    packKey: 'inhalt',
    model: { prefix: 'WK-', base: 170, step: 10 },
    tags: ['Temperaturwahl'],
    sentences: ['Gehäuse aus {material}.', 'Schaltet automatisch ab.'],
    language: 'de',
  },
  {
    noun: 'Wollschal',
    category: 'Vêtements et accessoires > Accessoires > Écharpes et foulards',
    brands: [ATELIER_LIN],
    price: [24, 99],
    materials: ['Merinowolle'],
    colors: [c('Grau', 'GR'), c('Dunkelblau', 'DB')],
    tags: ['weich'],
    sentences: ['Gestrickt aus {material}.', 'Lang genug für zwei Runden.'],
    language: 'de',
  },
  {
    noun: 'Hair Dryer',
    category: 'Beauté > Soins des cheveux > Sèche-cheveux',
    brands: [ECLAT],
    price: [39, 199],
    materials: ['brushless motor'],
    materialKey: 'motor',
    colors: [c('black', 'BLK'), c('white', 'WHT')],
    packs: ['2000 W'],
    packKey: 'power',
    model: { prefix: 'HD-', base: 100, step: 10 },
    tags: ['ionic', 'diffuser'],
    sentences: ['A quiet {material}.', 'Comes with a diffuser.'],
    language: 'en',
  },
  {
    noun: 'Wool Scarf',
    category: 'Vêtements et accessoires > Accessoires > Écharpes et foulards',
    brands: [COTE_SAUVAGE],
    price: [19, 89],
    materials: ['lambswool'],
    colors: [c('grey', 'GRY'), c('camel', 'CML'), c('navy', 'NVY')],
    tags: ['unisex'],
    sentences: ['Knitted from {material}.', 'Long enough to wrap twice.'],
    language: 'en',
  },
  {
    noun: 'Cast Iron Teapot',
    category: 'Maison > Arts de la table > Thé et café',
    brands: [CUISINE_COEUR],
    price: [29, 119],
    materials: ['cast iron'],
    colors: [c('black', 'BLK'), c('red', 'RED')],
    packs: ['0.8 L', '1.2 L'],
    packKey: 'capacity',
    tags: ['loose leaf'],
    sentences: ['Keeps tea hot for an hour.', 'A removable steel infuser.'],
    language: 'en',
  },
];

export function frenchCatalog(): RelevanceCatalog {
  const products = generateMerchant({
    seed: FRENCH_SEED,
    count: FRENCH_PRODUCTS,
    currency: 'EUR',
    id: (index) => `REF-${200_001 + index}`,
    kinds: KINDS,
    secondLanguageKinds: SECOND_LANGUAGE_KINDS,
    secondLanguageShare: 0.12,
    gtinPrefixes: ['30', '32', '34', '35', '37'],
    price: euroPrice,
    title: ({ brand, audience, noun, pack, model, color }) =>
      [noun, audience, pack, model, brand].filter(Boolean).join(' ') + (color ? `, ${color}` : ''),
  });
  return { name: 'french', products, mainCurrency: 'EUR', synonyms: [] };
}
