import type { OperatorProduct } from "@tickfair/contract";
import { Alert, App, Form, type FormInstance } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "../../components/FormDrawer/FormDrawer";

/**
 * Closing forgets the last save's error; `saved(symbol)` is the save's callbacks: it says the product
 * was saved and closes the drawer.
 */
export function useProductSave(mutation: { reset: () => void }, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const saved = (symbol: string) => ({
    onSuccess: () => {
      message.success(t("markets.saved", { symbol }));
      close();
    },
  });
  return { close, saved };
}

/**
 * A drawer that changes one product's terms: its title names the product, a note says what the change
 * reaches, then the form's fields and what follows the form.
 */
export function ProductFormDrawer<Values>({
  product,
  titleKey,
  note,
  form,
  initialValues,
  onFinish,
  onClose,
  pending,
  submitTestId,
  fields,
  after,
}: {
  product: OperatorProduct | null;
  /** The title, given the product's symbol. */
  titleKey: "markets.editTitle" | "markets.sourcesTitle";
  note: ReactNode;
  form: FormInstance<Values>;
  initialValues: (product: OperatorProduct) => Partial<Values>;
  onFinish: (values: Values) => void;
  onClose: () => void;
  pending: boolean;
  submitTestId: string;
  fields: (product: OperatorProduct) => ReactNode;
  after: (product: OperatorProduct) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDrawer
      open={product !== null}
      title={product ? t(titleKey, { symbol: product.symbol }) : ""}
      onClose={onClose}
      onSubmit={() => form.submit()}
      pending={pending}
      submitTestId={submitTestId}
      submitLabel={t("markets.save")}
    >
      {product ? (
        <>
          <Alert type="info" showIcon message={note} className="stack-gap" />
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={initialValues(product)}
            onFinish={onFinish}
          >
            {fields(product)}
          </Form>
          {after(product)}
        </>
      ) : null}
    </FormDrawer>
  );
}
