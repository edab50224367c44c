import { describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config";
import { ensureInviteCode, INVITE, newRegistration, registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { submitVerificationThroughApi } from "../test/verification-fixtures";

const t = useTestApp({ RESTRICTED_COUNTRIES: ["GB", "FR"] });
const post = (url: string, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/v1${url}`, payload });

function step1(registration: ReturnType<typeof newRegistration>) {
  const { account, phoneCountry, phone, inviteCode, nationality } = registration;
  return { account, phoneCountry, phone, inviteCode, nationality };
}

async function usersNamed(account: string) {
  return t.db.selectFrom("users").select("id").where("account", "=", account).execute();
}

async function inviteCodeUses(): Promise<number> {
  const code = await t.db
    .selectFrom("invite_codes")
    .select("uses")
    .where("code", "=", INVITE)
    .executeTakeFirst();
  return code?.uses ?? 0;
}

describe("restricted countries at registration", () => {
  it("are told to the app before anything is sent", async () => {
    const info = await t.app.inject({ method: "GET", url: "/api/v1/app" });
    expect(info.json().restrictedCountries).toEqual(["GB", "FR"]);
  });

  it("refuses a phone from a restricted country at both steps, and writes nothing", async () => {
    await ensureInviteCode(t);
    const registration = newRegistration({ phoneCountry: "GB", phone: "07400123456", nationality: "CN" });
    for (const [url, body] of [
      ["/auth/register/check", step1(registration)],
      ["/auth/register", registration],
    ] as const) {
      const refused = await post(url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: "COUNTRY_RESTRICTED",
        fields: { phoneCountry: "COUNTRY_RESTRICTED" },
      });
    }
    expect(await usersNamed(registration.account)).toEqual([]);
  });

  it("refuses a restricted nationality whatever the phone, and writes nothing", async () => {
    await ensureInviteCode(t);
    const usesBefore = await inviteCodeUses();
    const registration = newRegistration({ nationality: "FR" });
    const checked = await post("/auth/register/check", step1(registration));
    expect(checked.statusCode).toBe(403);
    expect(checked.json().error.fields).toEqual({ nationality: "COUNTRY_RESTRICTED" });

    const registered = await post("/auth/register", registration);
    expect(registered.statusCode).toBe(403);
    expect(registered.json().error.code).toBe("COUNTRY_RESTRICTED");
    expect(await usersNamed(registration.account)).toEqual([]);
    expect(await inviteCodeUses()).toBe(usesBefore);
  });

  it("names both when the phone and the nationality are restricted, before any other problem", async () => {
    const refused = await post("/auth/register/check", {
      account: "ab",
      phoneCountry: "FR",
      phone: "0612345678",
      inviteCode: "NOPE",
      nationality: "GB",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "COUNTRY_RESTRICTED",
      fields: { phoneCountry: "COUNTRY_RESTRICTED", nationality: "COUNTRY_RESTRICTED" },
    });
  });

  it("registers everyone else, and keeps the nationality declared", async () => {
    await ensureInviteCode(t);
    const registration = newRegistration({ phoneCountry: "DE", phone: "015112345678", nationality: "GR" });
    expect((await post("/auth/register/check", step1(registration))).statusCode).toBe(200);
    const created = await post("/auth/register", registration);
    expect(created.statusCode, created.body).toBe(201);
    const user = await t.db
      .selectFrom("users")
      .select(["phone_country", "nationality"])
      .where("account", "=", registration.account)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ phone_country: "DE", nationality: "GR" });
  });

  it("answers a missing or unknown nationality with NATIONALITY_INVALID", async () => {
    await ensureInviteCode(t);
    const { nationality: _left, ...without } = newRegistration();
    for (const body of [without, { ...without, nationality: "XX" }, { ...without, nationality: "gr" }]) {
      const refused = await post("/auth/register", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toMatchObject({ nationality: "NATIONALITY_INVALID" });
    }
  });
});

describe("restricted countries at real-name verification", () => {
  it("refuses a restricted nationality there too, and stores nothing", async () => {
    const user = await registerAndLogin(t, { nationality: "DE" });
    const status = () => t.app.inject({ method: "GET", url: "/api/v1/verification", headers: user.auth });
    const refused = await submitVerificationThroughApi(t.app, user.auth, {
      nationality: "FR",
      name: "Jeanne Martin",
      idNumber: "AB123456",
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "COUNTRY_RESTRICTED",
      fields: { nationality: "COUNTRY_RESTRICTED" },
    });
    expect((await status()).json()).toMatchObject({ state: "not_submitted", nationality: "DE" });

    const accepted = await submitVerificationThroughApi(t.app, user.auth, {
      nationality: "DE",
      name: "Erika Mustermann",
      idNumber: "L01X00T47",
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe("RESTRICTED_COUNTRIES", () => {
  const base = { DATA_DIR: "unused" };

  it("is empty unless set", () => {
    expect(loadConfig(base).RESTRICTED_COUNTRIES).toEqual([]);
    expect(loadConfig({ ...base, RESTRICTED_COUNTRIES: "" }).RESTRICTED_COUNTRIES).toEqual([]);
  });

  it("takes ISO codes, comma-separated, in any case and spacing, each once", () => {
    const config = loadConfig({ ...base, RESTRICTED_COUNTRIES: "gb, FR,AU ,,FR" });
    expect(config.RESTRICTED_COUNTRIES).toEqual(["GB", "FR", "AU"]);
  });

  it("refuses to start with a code it does not know", () => {
    expect(() => loadConfig({ ...base, RESTRICTED_COUNTRIES: "GB,UK,EU" })).toThrow(
      /RESTRICTED_COUNTRIES: not ISO 3166-1 alpha-2 codes: UK, EU/,
    );
  });
});
