import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isChineseName,
  isEmail,
  isIdCard,
  isMainlandIdNumber,
  isMainlandPhone,
  isPassword,
  isPayPassword,
  isUserId,
  isVerificationCode,
  mainlandIdCheckCharacter,
  mainlandIdNumberProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "./validators";

const WORD = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"];
const DIGITS = [..."0123456789"];
const wordString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...WORD), minLength, maxLength });
const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...DIGITS), minLength, maxLength });
/** Common CJK ideographs, the range the spec's "Chinese characters" covers. */
const hanzi = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c));
const ideographs = (minLength: number, maxLength: number) =>
  fc.array(hanzi, { minLength, maxLength }).map((chars) => chars.join(""));
/** Strings of `texts` with one string of `inserts` put in at any place. */
const withInserted = (texts: fc.Arbitrary<string>, inserts: fc.Arbitrary<string>) =>
  fc.tuple(texts, inserts, fc.nat()).map(([text, insert, at]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(i);
  });

/** One test a sample: `check` gives `expected` for each of them. */
function samples(check: (text: string) => boolean, expected: boolean, texts: string[]) {
  it.each(texts)(`${expected ? "accepts" : "rejects"} %j`, (text) => {
    expect(check(text)).toBe(expected);
  });
}

/** `check` gives `expected` for every string `strings` makes. */
function always(check: (text: string) => boolean, strings: fc.Arbitrary<string>, expected: boolean) {
  fc.assert(
    fc.property(strings, (text) => {
      expect(check(text)).toBe(expected);
    }),
  );
}

describe("isUserId (6 to 12 word characters)", () => {
  samples(isUserId, true, ["abc123", "user_name", "ABCDEFGHIJKL", "______", "a1b2c3d4e5f6"]);
  samples(isUserId, false, [
    "",
    "abc12",
    "abcdefghijklm",
    "abc 123",
    "abc-123",
    "abc.123",
    "用户名称六个",
    "abc123\n",
    "ábcdef",
  ]);
  it("accepts any 6..12 word characters and nothing longer or shorter", () => {
    always(isUserId, wordString(6, 12), true);
    always(isUserId, wordString(13, 40), false);
    always(isUserId, wordString(0, 5), false);
  });
  it("rejects any string of 13 or more characters", () => {
    always(isUserId, fc.string({ minLength: 13 }), false);
  });
  it("rejects a valid id with any non-word character inserted", () => {
    const nonWord = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/\w/.test(c));
    always(isUserId, withInserted(wordString(6, 11), nonWord), false);
  });
});

describe("isChineseName (2 to 5 Chinese characters)", () => {
  samples(isChineseName, true, ["张三", "李小龙", "欧阳娜娜", "爱新觉罗溥"]);
  samples(isChineseName, false, [
    "",
    "张",
    "爱新觉罗溥仪",
    "Zhang",
    "张3",
    "张 三",
    "张·三",
    "ひらがな",
    "한국어",
    "張三\n",
  ]);
  it("accepts any 2..5 ideographs and rejects 6 or more", () => {
    always(isChineseName, ideographs(2, 5), true);
    always(isChineseName, ideographs(6, 12), false);
  });
});

describe("isIdCard (15 or 18 digits, the last may be X)", () => {
  samples(isIdCard, true, [
    "110101199003078515",
    "11010119900307851X",
    "11010119900307851x",
    "110101900307851",
  ]);
  samples(isIdCard, false, [
    "",
    "11010119900307851", // 17
    "1101011990030785155", // 19
    "11010190030785", // 14
    "1101011990030785", // 16
    "X10101199003078515",
    "1101011990030785X5",
    "11010119900307851Y",
    "110101 199003078515",
    "１１０１０１１９９００３０７８５１５",
  ]);
  it("accepts exactly 15 or 18 digits, or 17 digits then X", () => {
    fc.assert(
      fc.property(digitString(0, 25), (digits) => {
        expect(isIdCard(digits)).toBe(digits.length === 15 || digits.length === 18);
        expect(isIdCard(`${digits}X`)).toBe(digits.length === 17);
      }),
    );
  });
});

describe("isMainlandPhone (1, then 3/4/5/7/8/9, then 9 digits)", () => {
  samples(isMainlandPhone, true, [
    "13800138000",
    "14512345678",
    "15912345678",
    "17012345678",
    "18612345678",
    "19912345678",
  ]);
  samples(isMainlandPhone, false, [
    "10012345678",
    "11012345678",
    "12812345678",
    "16612345678",
    "23800138000",
    "1380013800",
    "138001380000",
    "+8613800138000",
    "138 0013 8000",
    "",
  ]);
  it("decides on the second digit alone for any 11-digit number starting with 1", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DIGITS), digitString(9, 9), (second, rest) => {
        expect(isMainlandPhone(`1${second}${rest}`)).toBe("345789".includes(second));
      }),
    );
  });
});

// Codes of a fixed number of digits: what each accepts and refuses, and the longest string tried.
const DIGIT_CODES = [
  {
    name: "isVerificationCode",
    check: isVerificationCode,
    length: 4,
    longest: 10,
    accepts: ["0000", "1234", "9999"],
    rejects: ["", "123", "12345", "12a4", " 1234", "１２３４"],
  },
  {
    name: "isPayPassword",
    check: isPayPassword,
    length: 6,
    longest: 12,
    accepts: ["000000", "123456", "987654"],
    rejects: ["", "12345", "1234567", "12345a", "abcdef", "123 56"],
  },
];
for (const code of DIGIT_CODES) {
  describe(`${code.name} (${code.length} digits)`, () => {
    samples(code.check, true, code.accepts);
    samples(code.check, false, code.rejects);
    it(`accepts digit strings of length ${code.length} only`, () => {
      fc.assert(
        fc.property(digitString(0, code.longest), (digits) => {
          expect(code.check(digits)).toBe(digits.length === code.length);
        }),
      );
    });
  });
}

describe("isEmail", () => {
  samples(isEmail, true, ["a@b.co", "first.last+tag@example.com", "用户@例子.中国", "x@sub.domain.org"]);
  samples(isEmail, false, [
    "",
    "a@b",
    "@b.co",
    "a@.",
    "a@b.",
    "a b@c.d",
    "a@@b.co",
    "a@b c.d",
    "plainaddress",
    "a@b.co\n",
  ]);
});

describe("isPassword (6 to 32 characters, no spaces)", () => {
  it("has the documented bounds", () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([6, 32]);
  });
  samples(isPassword, true, ["abcdef", "P@ssw0rd!", "密码密码密码", "x".repeat(32)]);
  samples(isPassword, false, [
    "",
    "abcde",
    "x".repeat(33),
    "abc def",
    "abcdef ",
    "\tabcdef",
    "abc\ndef",
    "abc\u3000def",
  ]);
  const noSpace = (minLength: number, maxLength: number) =>
    fc.string({ unit: "grapheme-ascii", minLength, maxLength }).map((t) => t.replace(/\s/g, "x"));
  it("accepts any whitespace-free string of 6..32 characters", () => {
    always(isPassword, noSpace(6, 32), true);
  });
  it("rejects shorter or longer ones", () => {
    always(isPassword, noSpace(0, 5), false);
    always(isPassword, noSpace(33, 80), false);
  });
  it("rejects a valid password with any whitespace inserted", () => {
    const space = fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u3000", "\u2009");
    always(isPassword, withInserted(noSpace(6, 31), space), false);
  });
});

describe("isMainlandIdNumber (15 digits, or 18 with the GB 11643 checksum)", () => {
  const NOW = new Date("2024-06-15T04:00:00Z");
  it("takes numbers whose checksum matches, X for ten in either case", () => {
    for (const good of ["11010519491231002X", "11010519491231002x", "110105491231002", "440524188001010014"])
      expect(isMainlandIdNumber(good, NOW)).toBe(true);
  });

  it("refuses a mistyped digit, a wrong check character and other lengths", () => {
    for (const bad of [
      "11010519491231002Y",
      "110105194912310021",
      "11010519491231012X",
      "1101051949123100",
      "X10105194912310021",
    ])
      expect(isMainlandIdNumber(bad, NOW)).toBe(false);
  });

  it("finds any single changed digit of a valid number", () => {
    const valid = "11010519491231002X";
    for (let index = 0; index < 17; index++) {
      const digit = Number(valid[index]);
      const changed = `${valid.slice(0, index)}${(digit + 1) % 10}${valid.slice(index + 1)}`;
      expect(isMainlandIdNumber(changed, NOW)).toBe(false);
    }
  });
});

describe("mainlandIdNumberProblem (format, birth date, check character, in that order)", () => {
  const TODAY = new Date("2024-06-15T04:00:00Z");
  /** 17 digits: region, a birth date YYYYMMDD and a 3-digit sequence. */
  const first17 = (date: string, region = "110101", sequence = "001") => `${region}${date}${sequence}`;
  const withCheck = (head: string) => `${head}${mainlandIdCheckCharacter(head)}`;
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const realDates = fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2024-06-14T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`);
  const region = digitString(6, 6);
  const sequence = digitString(3, 3);
  const validNumbers = fc
    .tuple(region, realDates, sequence)
    .map(([r, date, s]) => withCheck(first17(date, r, s)));

  it("names the check character of an 18-character number that does not match its digits", () => {
    expect(mainlandIdNumberProblem("11010119900307777X", TODAY)).toBe("ID_NUMBER_CHECK_DIGIT_MISMATCH");
  });

  it("names a birth date that is not a real date, even when the check character matches", () => {
    expect(mainlandIdNumberProblem("110101199013010012", TODAY)).toBe("ID_NUMBER_BIRTH_DATE_INVALID");
  });

  it("keeps the format message for wrong lengths and characters", () => {
    for (const bad of [
      "",
      "1101051949123100",
      "X10105194912310021",
      "11010519491231002Y",
      "1101051949123100２",
    ])
      expect(mainlandIdNumberProblem(bad, TODAY)).toBe("ID_NUMBER_INVALID");
  });

  it("accepts every generated number with a real past birth date and its check character", () => {
    fc.assert(
      fc.property(validNumbers, (number) => {
        expect(mainlandIdNumberProblem(number, TODAY)).toBeNull();
        expect(isMainlandIdNumber(number, TODAY)).toBe(true);
      }),
    );
  });

  it("refuses any other check character with the check-digit code", () => {
    fc.assert(
      fc.property(validNumbers, fc.constantFrom(..."0123456789X"), (number, other) => {
        fc.pre(other !== number[17]);
        expect(mainlandIdNumberProblem(`${number.slice(0, 17)}${other}`, TODAY)).toBe(
          "ID_NUMBER_CHECK_DIGIT_MISMATCH",
        );
      }),
    );
  });

  it("refuses an impossible month or day with the date code, whatever the check character", () => {
    const impossible = fc.oneof(
      // Month 00 or 13..99.
      fc.tuple(
        fc.integer({ min: 1900, max: 2023 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })),
        fc.integer({ min: 1, max: 28 }),
      ),
      // A day past the month's last (30 February, 31 April, 29 February of a common year, 32 and more).
      fc
        .tuple(fc.integer({ min: 1900, max: 2023 }), fc.integer({ min: 1, max: 12 }))
        .chain(([y, m]) =>
          fc.tuple(
            fc.constant(y),
            fc.constant(m),
            fc.integer({ min: new Date(Date.UTC(y, m, 0)).getUTCDate() + 1, max: 99 }),
          ),
        ),
      fc.tuple(fc.integer({ min: 1900, max: 2023 }), fc.integer({ min: 1, max: 12 }), fc.constant(0)),
    );
    fc.assert(
      fc.property(impossible, region, sequence, ([y, m, d], r, s) => {
        const head = first17(`${y}${pad(m, 2)}${pad(d, 2)}`, r, s);
        expect(mainlandIdNumberProblem(withCheck(head), TODAY)).toBe("ID_NUMBER_BIRTH_DATE_INVALID");
      }),
    );
  });

  it("refuses a birth date after the caller's today, in Beijing time", () => {
    // 2024-06-15 04:00 UTC is 12:00 in Beijing: born today is fine, born tomorrow is not.
    expect(mainlandIdNumberProblem(withCheck(first17("20240615")), TODAY)).toBeNull();
    expect(mainlandIdNumberProblem(withCheck(first17("20240616")), TODAY)).toBe(
      "ID_NUMBER_BIRTH_DATE_INVALID",
    );
    // 2024-06-15 20:00 UTC is already the 16th in Beijing.
    expect(
      mainlandIdNumberProblem(withCheck(first17("20240616")), new Date("2024-06-15T20:00:00Z")),
    ).toBeNull();
    expect(mainlandIdNumberProblem(withCheck(first17("20991231")), TODAY)).toBe(
      "ID_NUMBER_BIRTH_DATE_INVALID",
    );
  });

  it("reads a 15-digit number's YYMMDD as a birth date in the 1900s", () => {
    expect(mainlandIdNumberProblem("110105491231002", TODAY)).toBeNull();
    expect(mainlandIdNumberProblem("110105000229002", TODAY)).toBe("ID_NUMBER_BIRTH_DATE_INVALID"); // 1900 is no leap year
    expect(mainlandIdNumberProblem("110105960229002", TODAY)).toBeNull();
    expect(mainlandIdNumberProblem("110105491301002", TODAY)).toBe("ID_NUMBER_BIRTH_DATE_INVALID");
    expect(mainlandIdNumberProblem("110105490431002", TODAY)).toBe("ID_NUMBER_BIRTH_DATE_INVALID");
  });
});
