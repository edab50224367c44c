import {
  type ContentText,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  type OperatorRole,
  toMinor,
} from "@tickfair/contract";
import { sql } from "kysely";
import { ensureFixedInviteCode, register } from "../auth";
import { createDepositMethod, demoTopUp } from "../cashier";
import { addDocumentVersion, createDocument } from "../content";
import { createOperator, enrolWithKnownSecret } from "../operators";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { type DemoDocument, loadDemoContent } from "./content";
import { seedDemoNotices } from "./notices";

const DEMO_OPERATORS = [
  {
    username: "admin",
    password: "admin-demo-123",
    role: "admin",
    totpSecret: "DEMOADMINTICKFAIRTOTPSECRETKEYAA",
  },
  {
    username: "admin2",
    password: "admin2-demo-123",
    role: "admin",
    totpSecret: "DEMOADMINTWOTICKFAIRTOTPSECRETKY",
  },
  {
    username: "finance",
    password: "finance-demo-123",
    role: "finance",
    totpSecret: "DEMOFINANCETICKFAIRTOTPSECRETKEY",
  },
  {
    username: "support",
    password: "support-demo-123",
    role: "support",
    totpSecret: "DEMOSUPPORTTICKFAIRTOTPSECRETKEY",
  },
] as const satisfies readonly {
  username: string;
  password: string;
  role: OperatorRole;
  totpSecret: string;
}[];

export const DEMO = {
  inviteCode: "TICKFAIR",
  user: {
    account: "demo001",
    password: "demo123456",
    payPassword: "123456",
    phoneCountry: "CN" as const,
    nationality: "CN" as const,
    phone: "13800138000",
  },
  balance: "10000.00",
  /** The demo's first admin (the console's sign-in, the ledger check through the server). */
  operator: DEMO_OPERATORS[0],
  /**
   * One operator of each role and a second admin, so the console's two-operator flows (a large deposit,
   * a change that weakens a control) can be tried. Enrolled already, with fixed TOTP secrets that
   * `npm start` prints in demo mode: add them to an authenticator app, or generate codes from them.
   */
  operators: DEMO_OPERATORS,
  depositMethods: [
    {
      kind: "bank" as const,
      names: {
        "zh-CN": "银行转账（演示）",
        "zh-TW": "銀行轉帳（示範）",
        en: "Bank transfer (demo)",
        ja: "銀行振込（デモ）",
        th: "โอนผ่านธนาคาร (เดโม)",
        vi: "Chuyển khoản ngân hàng (demo)",
        id: "Transfer bank (demo)",
        ko: "은행 송금 (데모)",
        fr: "Virement bancaire (démo)",
        de: "Banküberweisung (Demo)",
      },
      bankName: "Demo Bank",
      accountName: "Tickfair Demo Ltd",
      accountNumber: "6222 0000 1234 5678",
      network: null,
      address: null,
      instructions: {
        "zh-CN": "请在转账附言中填写您的账户号。演示信息：不会收到真实资金。",
        "zh-TW": "請在轉帳附言中填寫您的帳戶號碼。示範資料：不會收到真實款項。",
        en: "Put your account id in the transfer reference. Demo details: no real money is received.",
        ja: "振込の備考欄にアカウントIDをご記入ください。デモ用の情報のため、実際のお金は受け取られません。",
        th: "ใส่รหัสบัญชีของคุณในหมายเหตุการโอน ข้อมูลสาธิต: ไม่มีการรับเงินจริง",
        vi: "Ghi mã tài khoản của bạn vào nội dung chuyển khoản. Thông tin demo: không nhận tiền thật.",
        id: "Cantumkan ID akun Anda di berita transfer. Data demo: tidak ada uang sungguhan yang diterima.",
        ko: "송금 메모에 계정 ID를 입력하세요. 데모 정보이므로 실제 돈은 받지 않습니다.",
        fr: "Indiquez votre identifiant de compte dans la référence du virement. Coordonnées de démo : aucun argent réel n'est reçu.",
        de: "Geben Sie Ihre Konto-ID im Verwendungszweck an. Demo-Daten: Es wird kein echtes Geld empfangen.",
      },
      minAmount: "10.00",
      maxAmount: "50000.00",
      active: true,
    },
    {
      kind: "crypto" as const,
      names: {
        "zh-CN": "USDT（TRC20，演示）",
        "zh-TW": "USDT（TRC20，示範）",
        en: "USDT (TRC20, demo)",
        ja: "USDT（TRC20・デモ）",
        th: "USDT (TRC20, เดโม)",
        vi: "USDT (TRC20, demo)",
        id: "USDT (TRC20, demo)",
        ko: "USDT (TRC20, 데모)",
        fr: "USDT (TRC20, démo)",
        de: "USDT (TRC20, Demo)",
      },
      bankName: null,
      accountName: null,
      accountNumber: null,
      network: "TRC20",
      address: "TDemoAddressTickfair1111111111111",
      instructions: {
        "zh-CN": "仅可通过 TRC20 网络发送 USDT。演示地址：请勿转入真实资金。",
        "zh-TW": "僅可透過 TRC20 網路傳送 USDT。示範地址：請勿轉入真實資金。",
        en: "Send only USDT on TRC20. Demo address: do not send real funds.",
        ja: "TRC20ネットワークのUSDTのみを送金してください。デモ用アドレスのため、実際の資金は送らないでください。",
        th: "ส่งเฉพาะ USDT บนเครือข่าย TRC20 เท่านั้น ที่อยู่สาธิต: ห้ามส่งเงินจริง",
        vi: "Chỉ gửi USDT trên mạng TRC20. Địa chỉ demo: không gửi tiền thật.",
        id: "Kirim hanya USDT di jaringan TRC20. Alamat demo: jangan kirim dana sungguhan.",
        ko: "TRC20 네트워크의 USDT만 보내세요. 데모 주소이므로 실제 자금을 보내지 마세요.",
        fr: "N'envoyez que de l'USDT sur TRC20. Adresse de démo : n'envoyez pas de fonds réels.",
        de: "Senden Sie nur USDT über TRC20. Demo-Adresse: Senden Sie kein echtes Geld.",
      },
      minAmount: "10.00",
      maxAmount: "100000.00",
      active: true,
    },
  ],
};

/** pg_advisory_lock key of the demo seed: ASCII "demoseed". */
const DEMO_SEED_LOCK_KEY = "7234308701885392228";

/**
 * Seeds the demo data once. Server processes that start together on one PostgreSQL (`shared`) would
 * race through the steps below — both create the demo operator, the unique index refuses one, and that
 * process fails to start — so there the seed runs while one connection holds an advisory lock, and each
 * process finds what the one before it made. PGlite has one process and one connection: no lock.
 */
export async function seedDemo(db: Db, clock: Clock, options: { shared: boolean }): Promise<void> {
  if (!options.shared) {
    await seedDemoData(db, clock);
    return;
  }
  await db.connection().execute(async (holder) => {
    await sql`select pg_advisory_lock(${DEMO_SEED_LOCK_KEY}::bigint)`.execute(holder);
    try {
      await seedDemoData(db, clock);
    } finally {
      await sql`select pg_advisory_unlock(${DEMO_SEED_LOCK_KEY}::bigint)`.execute(holder);
    }
  });
}

/**
 * Demo data for the embedded setup: an account-opening code, a demo user whose balance is posted
 * through the ledger like any other money, the demo operators (enrolled, with the printed secrets), two
 * demo deposit methods and the demo content. Safe to run at every start.
 */
async function seedDemoData(db: Db, clock: Clock): Promise<void> {
  await ensureFixedInviteCode(db, { code: DEMO.inviteCode, note: "demo", at: clock.now() });

  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("account", "=", DEMO.user.account)
    .executeTakeFirst();
  if (!existing) {
    const user = await register(db, clock, {
      ...DEMO.user,
      inviteCode: DEMO.inviteCode,
      passwordConfirm: DEMO.user.password,
      payPasswordConfirm: DEMO.user.payPassword,
    });
    await db.transaction().execute((tx) => demoTopUp(tx, user.id, toMinor(DEMO.balance), clock.now()));
  }

  const methods = await db.selectFrom("deposit_methods").select("id").limit(1).execute();
  if (methods.length === 0) {
    for (const method of DEMO.depositMethods) {
      await createDepositMethod(db, method, clock.now(), DEFAULT_LOCALE);
    }
  }

  for (const demoOperator of DEMO.operators) {
    const operator = await db
      .selectFrom("operators")
      .select("id")
      .where("username", "=", demoOperator.username)
      .executeTakeFirst();
    // A demo database seeded before operators had a second factor gets the printed secret too.
    if (operator) await enrolWithKnownSecret(db, clock, demoOperator.username, demoOperator.totpSecret);
    else await createOperator(db, clock, demoOperator);
  }

  await seedDemoContent(db, clock);
  await seedDemoNotices(db, clock);
}

/**
 * About, privacy, the agreement, news and highlights in every locale, published at once. A page is
 * created while none of its kind exists; articles while none of their kind exists, so an operator's own
 * versions and articles are never added to or duplicated at the next start.
 */
async function seedDemoContent(db: Db, clock: Clock): Promise<void> {
  const kinds = new Set(
    (await db.selectFrom("content_documents").select("kind").distinct().execute()).map((row) => row.kind),
  );
  const { pages, pageVersions, articles } = await loadDemoContent();
  const create = (document: DemoDocument) =>
    createDocument(db, clock, null, { ...document, publishAt: null, reason: "demo" });
  for (const page of pages) if (!kinds.has(page.kind)) await create(page);
  for (const next of pageVersions) await addDemoVersion(db, clock, next);
  for (const article of articles) if (!kinds.has(article.kind)) await create(article);
}

/**
 * Publishes `next` as the page's newest version unless it already is, or an operator has written a
 * version of the page: from then on the page is theirs.
 */
async function addDemoVersion(db: Db, clock: Clock, next: DemoDocument): Promise<void> {
  const versions = await db
    .selectFrom("content_documents as d")
    .innerJoin("content_versions as v", "v.document_id", "d.id")
    .select(["d.id", "v.created_by", "v.translations"])
    .where("d.kind", "=", next.kind)
    .orderBy("v.version", "desc")
    .execute();
  const [latest] = versions;
  if (!latest || versions.some((version) => version.created_by !== null)) return;
  // Compared text by text: jsonb keeps its own key order, so the stored JSON is not the written one.
  const stored = latest.translations as Partial<Record<Locale, ContentText>>;
  const same = LOCALES.every((locale) => {
    const [a, b] = [stored[locale], next.translations[locale]];
    return a?.title === b.title && a?.summary === b.summary && a?.body === b.body;
  });
  if (same) return;
  await addDocumentVersion(db, clock, null, latest.id, {
    translations: next.translations,
    publishAt: null,
    reason: "demo",
  });
}
