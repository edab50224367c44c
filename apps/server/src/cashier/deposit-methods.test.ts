import type { DepositMethod } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { bankMethodInput, key, operatorAuth, postWithKey } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();

const NAMES = { "zh-CN": "银行转账", en: "Bank transfer" };
const INSTRUCTIONS = { "zh-CN": "转账附言：您的账户号", en: "Reference: your account id" };

async function createMethod(body: object) {
  const finance = await operatorAuth(t);
  return t.app.inject({
    method: "POST",
    url: "/api/v1/operator/deposit-methods",
    headers: finance.headers,
    payload: body,
  });
}

/** The active methods as a signed-in user reading `language` sees them (no header: none sent). */
async function methodsIn(auth: Record<string, string>, language?: string) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/v1/cashier/deposit-methods",
    headers: { ...auth, ...(language ? { "accept-language": language } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: DepositMethod[] }>().items;
}

describe("deposit methods per locale", () => {
  it("shows a user the name and instructions in their language, else the next they read", async () => {
    const created = await createMethod(bankMethodInput({ names: NAMES, instructions: INSTRUCTIONS }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<DepositMethod>().id;
    const { auth } = await registerAndLogin(t);

    const seen = async (language?: string) => {
      const method = (await methodsIn(auth, language)).find((m) => m.id === id);
      return [method?.name, method?.instructions];
    };
    expect(await seen("zh-CN")).toEqual(["银行转账", "转账附言：您的账户号"]);
    expect(await seen("en-GB,en;q=0.9")).toEqual(["Bank transfer", "Reference: your account id"]);
    // No Japanese: the English (servedLocale); no Traditional Chinese: the Simplified.
    expect(await seen("ja")).toEqual(["Bank transfer", "Reference: your account id"]);
    expect(await seen("zh-TW")).toEqual(["银行转账", "转账附言：您的账户号"]);
    expect(await seen()).toEqual(["银行转账", "转账附言：您的账户号"]);

    const [method] = (await methodsIn(auth, "en")).filter((m) => m.id === id);
    expect(method).toMatchObject({ names: NAMES, instructionsByLocale: INSTRUCTIONS });
  });

  it("falls back per text: a locale with a name but no instructions gets the default locale's", async () => {
    const created = await createMethod(
      bankMethodInput({
        names: { "zh-CN": "银行转账", ja: "銀行振込" },
        instructions: { "zh-CN": "请注明账户号" },
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { auth } = await registerAndLogin(t);
    const method = (await methodsIn(auth, "ja")).find((m) => m.id === created.json<DepositMethod>().id);
    expect([method?.name, method?.instructions]).toEqual(["銀行振込", "请注明账户号"]);
  });

  it("needs no instructions at all", async () => {
    const { instructions: _, ...withoutInstructions } = bankMethodInput();
    const created = await createMethod(withoutInstructions);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ instructions: "", instructionsByLocale: {} });
  });

  it("refuses a key that is no locale, a missing default-locale name and text past its bound", async () => {
    const countMethods = async () => (await t.db.selectFrom("deposit_methods").select("id").execute()).length;
    const before = await countMethods();
    const refused = async (body: object, field: string, code: string) => {
      const response = await createMethod(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields, JSON.stringify(body)).toMatchObject({ [field]: code });
    };
    const valid = bankMethodInput({ names: NAMES, instructions: INSTRUCTIONS });
    await refused({ ...valid, names: { ...NAMES, xx: "?" } }, "names", "VALIDATION_FAILED");
    await refused(
      { ...valid, instructions: { ...INSTRUCTIONS, "en-US": "?" } },
      "instructions",
      "VALIDATION_FAILED",
    );
    await refused(bankMethodInput({ names: { en: "Bank transfer" } }), "names.zh-CN", "REQUIRED");
    await refused(bankMethodInput({ names: { "zh-CN": "  " } }), "names.zh-CN", "VALIDATION_FAILED");
    await refused(bankMethodInput({ names: { ...NAMES, fr: "" } }), "names.fr", "VALIDATION_FAILED");
    await refused(
      bankMethodInput({ names: { ...NAMES, de: "x".repeat(61) } }),
      "names.de",
      "VALIDATION_FAILED",
    );
    await refused(
      bankMethodInput({ instructions: { en: "x".repeat(1001) } }),
      "instructions.en",
      "VALIDATION_FAILED",
    );
    expect(await countMethods()).toBe(before);
  });

  it("replaces every locale's text on an update", async () => {
    const finance = await operatorAuth(t);
    const created = await createMethod(bankMethodInput({ names: NAMES, instructions: INSTRUCTIONS }));
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/v1/operator/deposit-methods/${created.json<DepositMethod>().id}`,
      headers: { ...finance.headers, "accept-language": "en" },
      payload: bankMethodInput({ names: { "zh-CN": "网银转账", ko: "은행 송금" }, instructions: {} }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: "网银转账",
      names: { "zh-CN": "网银转账", ko: "은행 송금" },
      instructions: "",
      instructionsByLocale: {},
    });
  });

  it("names a deposit's method in the reader's language, for the user and the reviewing operator", async () => {
    const created = await createMethod(bankMethodInput({ names: NAMES, instructions: INSTRUCTIONS }));
    const methodId = created.json<DepositMethod>().id;
    const { auth } = await registerAndLogin(t);
    const deposit = await postWithKey(
      t.app,
      "/api/v1/cashier/deposits",
      { ...auth, "accept-language": "en" },
      { methodId, amount: "20.00", reference: "TX-1" },
      key(),
    );
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json().method.name).toBe("Bank transfer");

    const mine = async (language: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/v1/cashier/deposits",
        headers: { ...auth, "accept-language": language },
      });
      return response.json().items[0].method.name;
    };
    expect(await mine("zh-CN")).toBe("银行转账");
    expect(await mine("en")).toBe("Bank transfer");
    expect(await mine("th")).toBe("Bank transfer");

    const finance = await operatorAuth(t);
    const review = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/deposits?limit=100",
      headers: { ...finance.headers, "accept-language": "en" },
    });
    const reviewed = review.json().items.find((d: { id: string }) => d.id === deposit.json().id);
    expect(reviewed.method.name).toBe("Bank transfer");
  });
});
