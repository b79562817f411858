/**
 * Active ISO 4217 alphabetic codes (List One, as maintained by SIX, 2025), including fund,
 * precious-metal and special codes because they are part of the standard.
 * Withdrawn codes are deliberately absent: ANG (replaced by XCG), HRK (EUR), SLL (SLE),
 * ZWL (ZWG), CUC, VEF (VES), MRO (MRU), STD (STN), BYR (BYN).
 * Kept as one line per initial letter so the list stays reviewable against the standard.
 */
const ACTIVE_CODES = `
  AED AFN ALL AMD AOA ARS AUD AWG AZN
  BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD
  CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK
  DJF DKK DOP DZD
  EGP ERN ETB EUR
  FJD FKP
  GBP GEL GHS GIP GMD GNF GTQ GYD
  HKD HNL HTG HUF
  IDR ILS INR IQD IRR ISK
  JMD JOD JPY
  KES KGS KHR KMF KPW KRW KWD KYD KZT
  LAK LBP LKR LRD LSL LYD
  MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN
  NAD NGN NIO NOK NPR NZD
  OMR
  PAB PEN PGK PHP PKR PLN PYG
  QAR
  RON RSD RUB RWF
  SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL
  THB TJS TMT TND TOP TRY TTD TWD TZS
  UAH UGX USD USN UYI UYU UYW UZS
  VED VES VND VUV
  WST
  XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX
  YER
  ZAR ZMW ZWG
`;

export const ISO_4217_CURRENCY_CODES: ReadonlySet<string> = new Set(ACTIVE_CODES.trim().split(/\s+/));

/** Case-sensitive on purpose: feeds must send the canonical upper-case code. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && ISO_4217_CURRENCY_CODES.has(value);
}
