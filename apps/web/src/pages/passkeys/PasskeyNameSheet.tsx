import { Popup } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";

const NAME_MAX = 40;

/** Asks a passkey's name (adding or renaming); answers the trimmed name, or null when closed. */
export function PasskeyNameSheet({
  title,
  initial,
  submit,
  pending,
  onDone,
}: {
  title: string;
  initial: string;
  submit: string;
  pending: boolean;
  onDone: (name: string | null) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function send(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") {
      setError(t("passkeys.nameRequired"));
      return;
    }
    onDone(trimmed);
  }

  return (
    <Popup visible onMaskClick={() => onDone(null)} bodyClassName="form-sheet">
      <form className="form-sheet__form" onSubmit={send} noValidate>
        <h2 className="form-sheet__title">{title}</h2>
        <TextField
          label={t("passkeys.name")}
          value={name}
          onValueChange={(value) => {
            setName(value);
            setError(undefined);
          }}
          error={error}
          placeholder={t("passkeys.namePlaceholder")}
          maxLength={NAME_MAX}
          testId="passkey-name"
          autoFocus
        />
        <SubmitButton pending={pending} testId="passkey-name-submit">
          {submit}
        </SubmitButton>
      </form>
    </Popup>
  );
}
