import type { PostingKind } from "@tickfair/contract";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/** What moved a ledger entry, in the operator's language (the posting's kind, never its raw code). */
export function EntryKindTag({ kind }: { kind: PostingKind }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} data-testid="entry-kind">
      {t(`users.entryKinds.${kind}`)}
    </Tag>
  );
}
