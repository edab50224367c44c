import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isChineseName,
  isEmail,
  isIdCard,
  isMainlandPhone,
  isPassword,
  isPayPassword,
  isUserId,
  isVerificationCode,
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

describe("isUserId (6 to 12 word characters)", () => {
  it.each(["abc123", "user_name", "ABCDEFGHIJKL", "______", "a1b2c3d4e5f6"])("accepts %j", (text) => {
    expect(isUserId(text)).toBe(true);
  });
  it.each([
    "",
    "abc12",
    "abcdefghijklm",
    "abc 123",
    "abc-123",
    "abc.123",
    "用户名称六个",
    "abc123\n",
    "ábcdef",
  ])("rejects %j", (text) => {
    expect(isUserId(text)).toBe(false);
  });
  it("accepts any 6..12 word characters and nothing longer or shorter", () => {
    fc.assert(
      fc.property(wordString(6, 12), (text) => {
        expect(isUserId(text)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(wordString(13, 40), (text) => {
        expect(isUserId(text)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(wordString(0, 5), (text) => {
        expect(isUserId(text)).toBe(false);
      }),
    );
  });
  it("rejects any string of 13 or more characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 13 }), (text) => {
        expect(isUserId(text)).toBe(false);
      }),
    );
  });
  it("rejects a valid id with any non-word character inserted", () => {
    const nonWord = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/\w/.test(c));
    fc.assert(
      fc.property(wordString(6, 11), nonWord, fc.nat(), (text, bad, at) => {
        const i = at % (text.length + 1);
        expect(isUserId(text.slice(0, i) + bad + text.slice(i))).toBe(false);
      }),
    );
  });
});

describe("isChineseName (2 to 5 Chinese characters)", () => {
  it.each(["张三", "李小龙", "欧阳娜娜", "爱新觉罗溥"])("accepts %j", (text) => {
    expect(isChineseName(text)).toBe(true);
  });
  it.each(["", "张", "爱新觉罗溥仪", "Zhang", "张3", "张 三", "张·三", "ひらがな", "한국어", "張三\n"])(
    "rejects %j",
    (text) => {
      expect(isChineseName(text)).toBe(false);
    },
  );
  it("accepts any 2..5 ideographs and rejects 6 or more", () => {
    fc.assert(
      fc.property(fc.array(hanzi, { minLength: 2, maxLength: 5 }), (chars) => {
        expect(isChineseName(chars.join(""))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.array(hanzi, { minLength: 6, maxLength: 12 }), (chars) => {
        expect(isChineseName(chars.join(""))).toBe(false);
      }),
    );
  });
});

describe("isIdCard (15 or 18 digits, the last may be X)", () => {
  it.each(["110101199003078515", "11010119900307851X", "11010119900307851x", "110101900307851"])(
    "accepts %j",
    (text) => {
      expect(isIdCard(text)).toBe(true);
    },
  );
  it.each([
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
  ])("rejects %j", (text) => {
    expect(isIdCard(text)).toBe(false);
  });
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
  it.each(["13800138000", "14512345678", "15912345678", "17012345678", "18612345678", "19912345678"])(
    "accepts %j",
    (text) => {
      expect(isMainlandPhone(text)).toBe(true);
    },
  );
  it.each([
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
  ])("rejects %j", (text) => {
    expect(isMainlandPhone(text)).toBe(false);
  });
  it("decides on the second digit alone for any 11-digit number starting with 1", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DIGITS), digitString(9, 9), (second, rest) => {
        expect(isMainlandPhone(`1${second}${rest}`)).toBe("345789".includes(second));
      }),
    );
  });
});

describe("isVerificationCode (4 digits)", () => {
  it.each(["0000", "1234", "9999"])("accepts %j", (text) => {
    expect(isVerificationCode(text)).toBe(true);
  });
  it.each(["", "123", "12345", "12a4", " 1234", "１２３４"])("rejects %j", (text) => {
    expect(isVerificationCode(text)).toBe(false);
  });
  it("accepts digit strings of length 4 only", () => {
    fc.assert(
      fc.property(digitString(0, 10), (code) => {
        expect(isVerificationCode(code)).toBe(code.length === 4);
      }),
    );
  });
});

describe("isEmail", () => {
  it.each(["a@b.co", "first.last+tag@example.com", "用户@例子.中国", "x@sub.domain.org"])(
    "accepts %j",
    (text) => {
      expect(isEmail(text)).toBe(true);
    },
  );
  it.each(["", "a@b", "@b.co", "a@.", "a@b.", "a b@c.d", "a@@b.co", "a@b c.d", "plainaddress", "a@b.co\n"])(
    "rejects %j",
    (text) => {
      expect(isEmail(text)).toBe(false);
    },
  );
});

describe("isPayPassword (6 digits)", () => {
  it.each(["000000", "123456", "987654"])("accepts %j", (text) => {
    expect(isPayPassword(text)).toBe(true);
  });
  it.each(["", "12345", "1234567", "12345a", "abcdef", "123 56"])("rejects %j", (text) => {
    expect(isPayPassword(text)).toBe(false);
  });
  it("accepts digit strings of length 6 only", () => {
    fc.assert(
      fc.property(digitString(0, 12), (pin) => {
        expect(isPayPassword(pin)).toBe(pin.length === 6);
      }),
    );
  });
});

describe("isPassword (6 to 32 characters, no spaces)", () => {
  it("has the documented bounds", () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([6, 32]);
  });
  it.each(["abcdef", "P@ssw0rd!", "密码密码密码", "x".repeat(32)])("accepts %j", (text) => {
    expect(isPassword(text)).toBe(true);
  });
  it.each(["", "abcde", "x".repeat(33), "abc def", "abcdef ", "\tabcdef", "abc\ndef", "abc\u3000def"])(
    "rejects %j",
    (text) => {
      expect(isPassword(text)).toBe(false);
    },
  );
  const noSpace = (minLength: number, maxLength: number) =>
    fc.string({ unit: "grapheme-ascii", minLength, maxLength }).map((t) => t.replace(/\s/g, "x"));
  it("accepts any whitespace-free string of 6..32 characters", () => {
    fc.assert(
      fc.property(noSpace(6, 32), (text) => {
        expect(isPassword(text)).toBe(true);
      }),
    );
  });
  it("rejects shorter or longer ones", () => {
    fc.assert(
      fc.property(noSpace(0, 5), (text) => {
        expect(isPassword(text)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(noSpace(33, 80), (text) => {
        expect(isPassword(text)).toBe(false);
      }),
    );
  });
  it("rejects a valid password with any whitespace inserted", () => {
    const space = fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u3000", "\u2009");
    fc.assert(
      fc.property(noSpace(6, 31), space, fc.nat(), (text, ws, at) => {
        const i = at % (text.length + 1);
        expect(isPassword(text.slice(0, i) + ws + text.slice(i))).toBe(false);
      }),
    );
  });
});
