/** The specification's helper checks. Each takes the raw text a user typed. */

export const USER_ID = /^\w{6,12}$/;
export const CHINESE_NAME = /^[\u4e00-\u9fa5]{2,5}$/;
export const ID_CARD = /^(\d{15}|\d{17}[\dXx])$/;
export const MAINLAND_PHONE = /^1[345789]\d{9}$/;
export const VERIFICATION_CODE = /^\d{4}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PAY_PASSWORD = /^\d{6}$/;

export const isUserId = (text: string) => USER_ID.test(text);
export const isChineseName = (text: string) => CHINESE_NAME.test(text);
export const isIdCard = (text: string) => ID_CARD.test(text);
export const isMainlandPhone = (text: string) => MAINLAND_PHONE.test(text);
export const isVerificationCode = (text: string) => VERIFICATION_CODE.test(text);
export const isEmail = (text: string) => EMAIL.test(text);
export const isPayPassword = (text: string) => PAY_PASSWORD.test(text);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const isPassword = (text: string) =>
  text.length >= PASSWORD_MIN && text.length <= PASSWORD_MAX && !/\s/.test(text);
