// The project resolves modules the node10 way, which ignores package.json "exports": these name
// the language entry points of @orama/stemmers, @orama/stopwords and @orama/tokenizers with the
// packages' own type declarations (Node's require resolves the entry points themselves).
declare module '@orama/stemmers/german' {
  export * from '@orama/stemmers/dist/de';
}
declare module '@orama/stemmers/french' {
  export * from '@orama/stemmers/dist/fr';
}
declare module '@orama/stopwords/german' {
  export * from '@orama/stopwords/dist/de';
}
declare module '@orama/stopwords/french' {
  export * from '@orama/stopwords/dist/fr';
}
declare module '@orama/stopwords/japanese' {
  export * from '@orama/stopwords/dist/ja';
}
declare module '@orama/tokenizers/japanese' {
  export * from '@orama/tokenizers/dist/commonjs/japanese';
}
