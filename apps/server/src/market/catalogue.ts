import type { Locale, ProductCategory, TradingSchedule } from "@tickfair/contract";

/** When a product trades: around the clock, or the FX week (Sunday 22:00 to Friday 22:00 UTC). */
export type { TradingSchedule };

export interface CatalogueDuration {
  seconds: number;
  /** Basis points of the stake a win pays on top of it: 8500 → stake × 1.85. */
  payoutRateBps: number;
}

/** How the simulator moves a product; code, not data, because only the simulator needs it. */
export interface SimulationParams {
  /** Decimal string at the product's precision: where a fresh chain starts. */
  startPrice: string;
  /** Annualised volatility of the geometric Brownian motion (0.55 = 55 % a year). */
  annualVolatility: number;
  /** Mean traded volume per tick, a decimal string at the product's volume precision. */
  meanVolume: string;
}

export interface CatalogueProduct {
  symbol: string;
  category: ProductCategory;
  names: Record<Locale, string>;
  /** Decimals of the price: prices are stored as integers scaled by 10^precision. */
  precision: number;
  /** Decimals of the traded volume, likewise stored scaled. */
  volumePrecision: number;
  schedule: TradingSchedule;
  durations: CatalogueDuration[];
  /** Money strings (the platform currency). */
  minStake: string;
  maxStake: string;
  simulation: SimulationParams;
}

const CRYPTO_DURATIONS: CatalogueDuration[] = [
  { seconds: 30, payoutRateBps: 8000 },
  { seconds: 60, payoutRateBps: 8500 },
  { seconds: 180, payoutRateBps: 8800 },
  { seconds: 300, payoutRateBps: 9200 },
];
const MARKET_DURATIONS: CatalogueDuration[] = [
  { seconds: 30, payoutRateBps: 8200 },
  { seconds: 60, payoutRateBps: 8500 },
  { seconds: 180, payoutRateBps: 8800 },
  { seconds: 300, payoutRateBps: 9000 },
];

/** When a family of products trades, and for how long a contract may run. */
type Hours = Pick<CatalogueProduct, "schedule" | "durations">;
const CRYPTO_HOURS: Hours = { schedule: "always", durations: CRYPTO_DURATIONS };
/** Metals, currencies and the index trade the currency week. */
const MARKET_HOURS: Hours = { schedule: "fx_week", durations: MARKET_DURATIONS };

/** The two stake ranges a product is offered with: the wider for the deepest markets. */
type Stakes = Pick<CatalogueProduct, "minStake" | "maxStake">;
const WIDE_STAKES: Stakes = { minStake: "10.00", maxStake: "50000.00" };
const NARROW_STAKES: Stakes = { minStake: "10.00", maxStake: "20000.00" };

/**
 * The products a fresh installation offers, in display order. Seeded once (seedCatalogue); after that
 * the database is the truth for status, durations and stakes, which operators may change.
 */
export const CATALOGUE: readonly CatalogueProduct[] = [
  {
    symbol: "BTC/USDT",
    category: "crypto",
    names: {
      "zh-CN": "比特币",
      "zh-TW": "比特幣",
      en: "Bitcoin",
      ja: "ビットコイン",
      th: "บิตคอยน์",
      vi: "Bitcoin",
      id: "Bitcoin",
      ko: "비트코인",
      fr: "Bitcoin",
      de: "Bitcoin",
    },
    precision: 2,
    volumePrecision: 4,
    ...CRYPTO_HOURS,
    ...WIDE_STAKES,
    simulation: { startPrice: "95000.00", annualVolatility: 0.55, meanVolume: "0.3500" },
  },
  {
    symbol: "ETH/USDT",
    category: "crypto",
    names: {
      "zh-CN": "以太坊",
      "zh-TW": "以太坊",
      en: "Ethereum",
      ja: "イーサリアム",
      th: "อีเธอเรียม",
      vi: "Ethereum",
      id: "Ethereum",
      ko: "이더리움",
      fr: "Ethereum",
      de: "Ethereum",
    },
    precision: 2,
    volumePrecision: 3,
    ...CRYPTO_HOURS,
    ...WIDE_STAKES,
    simulation: { startPrice: "3300.00", annualVolatility: 0.7, meanVolume: "4.500" },
  },
  {
    symbol: "SOL/USDT",
    category: "crypto",
    names: {
      "zh-CN": "索拉纳",
      "zh-TW": "索拉納",
      en: "Solana",
      ja: "ソラナ",
      th: "โซลานา",
      vi: "Solana",
      id: "Solana",
      ko: "솔라나",
      fr: "Solana",
      de: "Solana",
    },
    precision: 3,
    volumePrecision: 2,
    ...CRYPTO_HOURS,
    ...NARROW_STAKES,
    simulation: { startPrice: "180.000", annualVolatility: 0.9, meanVolume: "60.00" },
  },
  {
    symbol: "XAU/USD",
    category: "metal",
    names: {
      "zh-CN": "黄金",
      "zh-TW": "黃金",
      en: "Gold",
      ja: "金（ゴールド）",
      th: "ทองคำ",
      vi: "Vàng",
      id: "Emas",
      ko: "금",
      fr: "Or",
      de: "Gold",
    },
    precision: 2,
    volumePrecision: 2,
    ...MARKET_HOURS,
    ...WIDE_STAKES,
    simulation: { startPrice: "2650.00", annualVolatility: 0.15, meanVolume: "12.00" },
  },
  {
    symbol: "XAG/USD",
    category: "metal",
    names: {
      "zh-CN": "白银",
      "zh-TW": "白銀",
      en: "Silver",
      ja: "銀（シルバー）",
      th: "แร่เงิน",
      vi: "Bạc",
      id: "Perak",
      ko: "은",
      fr: "Argent",
      de: "Silber",
    },
    precision: 3,
    volumePrecision: 1,
    ...MARKET_HOURS,
    ...NARROW_STAKES,
    simulation: { startPrice: "31.000", annualVolatility: 0.28, meanVolume: "300.0" },
  },
  {
    symbol: "EUR/USD",
    category: "fx",
    names: {
      "zh-CN": "欧元/美元",
      "zh-TW": "歐元/美元",
      en: "Euro / US Dollar",
      ja: "ユーロ/米ドル",
      th: "ยูโร/ดอลลาร์สหรัฐ",
      vi: "Euro/Đô la Mỹ",
      id: "Euro/Dolar AS",
      ko: "유로/미국 달러",
      fr: "Euro / Dollar américain",
      de: "Euro / US-Dollar",
    },
    precision: 5,
    volumePrecision: 0,
    ...MARKET_HOURS,
    ...WIDE_STAKES,
    simulation: { startPrice: "1.05000", annualVolatility: 0.07, meanVolume: "250000" },
  },
  {
    symbol: "GBP/USD",
    category: "fx",
    names: {
      "zh-CN": "英镑/美元",
      "zh-TW": "英鎊/美元",
      en: "British Pound / US Dollar",
      ja: "英ポンド/米ドル",
      th: "ปอนด์สเตอร์ลิง/ดอลลาร์สหรัฐ",
      vi: "Bảng Anh/Đô la Mỹ",
      id: "Pound Inggris/Dolar AS",
      ko: "영국 파운드/미국 달러",
      fr: "Livre sterling / Dollar américain",
      de: "Britisches Pfund / US-Dollar",
    },
    precision: 5,
    volumePrecision: 0,
    ...MARKET_HOURS,
    ...WIDE_STAKES,
    simulation: { startPrice: "1.26000", annualVolatility: 0.08, meanVolume: "180000" },
  },
  {
    symbol: "USD/JPY",
    category: "fx",
    names: {
      "zh-CN": "美元/日元",
      "zh-TW": "美元/日圓",
      en: "US Dollar / Japanese Yen",
      ja: "米ドル/円",
      th: "ดอลลาร์สหรัฐ/เยนญี่ปุ่น",
      vi: "Đô la Mỹ/Yên Nhật",
      id: "Dolar AS/Yen Jepang",
      ko: "미국 달러/일본 엔",
      fr: "Dollar américain / Yen japonais",
      de: "US-Dollar / Japanischer Yen",
    },
    precision: 3,
    volumePrecision: 0,
    ...MARKET_HOURS,
    ...WIDE_STAKES,
    simulation: { startPrice: "155.000", annualVolatility: 0.1, meanVolume: "220000" },
  },
  {
    symbol: "AUD/USD",
    category: "fx",
    names: {
      "zh-CN": "澳元/美元",
      "zh-TW": "澳幣/美元",
      en: "Australian Dollar / US Dollar",
      ja: "豪ドル/米ドル",
      th: "ดอลลาร์ออสเตรเลีย/ดอลลาร์สหรัฐ",
      vi: "Đô la Úc/Đô la Mỹ",
      id: "Dolar Australia/Dolar AS",
      ko: "호주 달러/미국 달러",
      fr: "Dollar australien / Dollar américain",
      de: "Australischer Dollar / US-Dollar",
    },
    precision: 5,
    volumePrecision: 0,
    ...MARKET_HOURS,
    ...NARROW_STAKES,
    simulation: { startPrice: "0.64000", annualVolatility: 0.1, meanVolume: "150000" },
  },
  {
    symbol: "US500",
    category: "index",
    names: {
      "zh-CN": "美国500指数",
      "zh-TW": "美國500指數",
      en: "US 500 Index",
      ja: "米国500指数",
      th: "ดัชนีสหรัฐ 500",
      vi: "Chỉ số Mỹ 500",
      id: "Indeks AS 500",
      ko: "미국 500 지수",
      fr: "Indice US 500",
      de: "US-500-Index",
    },
    precision: 2,
    volumePrecision: 1,
    ...MARKET_HOURS,
    ...NARROW_STAKES,
    simulation: { startPrice: "5900.00", annualVolatility: 0.17, meanVolume: "25.0" },
  },
];
