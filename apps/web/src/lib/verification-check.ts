import {
  isChineseName,
  isCountryCode,
  isGenericIdNumber,
  isGenericName,
  type MainlandIdProblem,
  mainlandIdNumberProblem,
} from "@tickfair/contract";

/** The mainland's resident ID card: the specification's rules apply to it, generic ones to the rest. */
export const MAINLAND = "CN";

export type VerificationField = "name" | "idNumber" | "nationality" | "photos";
/**
 * What is wrong with one field: empty, or not valid for the chosen nationality; a mainland ID number
 * says which part is wrong (its birth date, its check character) with the server's code.
 */
export type VerificationProblem = "EMPTY" | "INVALID" | Exclude<MainlandIdProblem, "ID_NUMBER_INVALID">;

export interface VerificationValues {
  name: string;
  idNumber: string;
  nationality: string;
}

/** The name as it is sent: no spaces around it, and inner runs of spaces as one. */
export function cleanName(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/**
 * The ID number as it is sent: the spaces and dashes people type to group digits dropped, and a
 * mainland number's check character X in capitals.
 */
export function cleanIdNumber(text: string, nationality: string): string {
  const bare = text.replace(/[\s-]+/g, "");
  return nationality === MAINLAND ? bare.toUpperCase() : bare;
}

/**
 * The problem of each field that has one, by the rules of the chosen nationality (ARCHITECTURE §5);
 * `now` decides whether a mainland number's birth date is still to come.
 */
export function verificationProblems(
  values: VerificationValues,
  photos: { front: boolean; back: boolean },
  now: Date,
): Partial<Record<VerificationField, VerificationProblem>> {
  const problems: Partial<Record<VerificationField, VerificationProblem>> = {};
  const mainland = values.nationality === MAINLAND;
  const name = cleanName(values.name);
  const idNumber = cleanIdNumber(values.idNumber, values.nationality);
  if (values.nationality === "") problems.nationality = "EMPTY";
  else if (!isCountryCode(values.nationality)) problems.nationality = "INVALID";
  if (name === "") problems.name = "EMPTY";
  else if (!(mainland ? isChineseName(name) : isGenericName(name))) problems.name = "INVALID";
  if (idNumber === "") problems.idNumber = "EMPTY";
  else if (mainland) {
    const problem = mainlandIdNumberProblem(idNumber, now);
    if (problem) problems.idNumber = problem === "ID_NUMBER_INVALID" ? "INVALID" : problem;
  } else if (!isGenericIdNumber(idNumber)) problems.idNumber = "INVALID";
  if (!photos.front || !photos.back) problems.photos = "EMPTY";
  return problems;
}
