import { type ContractDirection, formatMoney, type Product } from "@tickfair/contract";
import { Button, Popup } from "antd-mobile";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { codeText } from "../../api/messages";
import { useExpectedValue } from "../../api/terms";
import { DialogFocus } from "../../components/DialogFocus/DialogFocus";
import { DirectionMark } from "../../components/market/DirectionMark";
import { formatPrice } from "../../lib/market-format";
import { formatRate } from "../../lib/trading-format";
import { TicketValue } from "./TicketValue";

/** The price the order is confirmed at: the latest tick the page has (its seq goes with the order). */
export interface Quote {
  seq: string;
  price: string;
}

interface TradeConfirmProps {
  product: Product;
  /** The direction being bought; the sheet is closed while null. */
  direction: ContractDirection | null;
  duration: Product["durations"][number] | undefined;
  amount: string;
  estimate: string | null;
  /** The live price the order goes with; confirming sends its seq. */
  quote: Quote | null;
  /** The server refused the last confirmation: the price had moved on. */
  quoteMoved: boolean;
  /** Prices are live (online, socket connected). */
  live: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The sheet that repeats an order's terms before it is placed. */
export function TradeConfirm({
  product,
  direction,
  duration,
  amount,
  estimate,
  quote,
  quoteMoved,
  live,
  pending,
  onCancel,
  onConfirm,
}: TradeConfirmProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (value: string) => formatMoney(value, locale);
  // Asked for once the sheet's code is in, so the figures are there when it opens.
  const value = useExpectedValue(product.symbol);
  const titleId = useId();
  const cancel = () => !pending && onCancel();
  return (
    <Popup visible={direction !== null} onMaskClick={cancel} bodyClassName="trade-confirm" destroyOnClose>
      {direction && duration ? (
        <DialogFocus labelledBy={titleId} onEscape={cancel} testId="trade-confirm">
          <h3 className="trade-confirm__title" id={titleId}>
            {t("trading.confirmTitle")}
          </h3>
          <dl className="trade-figures">
            <div>
              <dt>{product.name}</dt>
              <dd>{product.symbol}</dd>
            </div>
            <div>
              <dt>{t("trading.quote")}</dt>
              <dd className="num" data-testid="trade-confirm-price">
                {quote ? formatPrice(quote.price, product.precision, locale) : "—"}
              </dd>
            </div>
            <div>
              <dt>{t("trading.direction")}</dt>
              <dd className={`trade-dir trade-dir--${direction}`} data-testid="trade-confirm-direction">
                <DirectionMark direction={direction} />
                {t(`trading.${direction}`)}
              </dd>
            </div>
            <div>
              <dt>{t("trading.amount")}</dt>
              <dd className="num" data-testid="trade-confirm-amount">
                {money(amount)}
              </dd>
            </div>
            <div>
              <dt>{t("trading.duration")}</dt>
              <dd className="num">{t("trading.seconds", { seconds: duration.seconds })}</dd>
            </div>
            <div>
              <dt>{t("trading.rate")}</dt>
              <dd className="num">{formatRate(duration.payoutRateBps, locale)}</dd>
            </div>
            <div>
              <dt>{t("trading.estimate")}</dt>
              <dd className="num trade-figures__estimate" data-testid="trade-confirm-estimate">
                {estimate ? money(estimate) : "—"}
              </dd>
            </div>
          </dl>
          <TicketValue value={value.data} seconds={duration.seconds} direction={direction} />
          {quoteMoved ? (
            <p className="trade-confirm__moved" role="alert" data-testid="trade-quote-moved">
              {codeText("QUOTE_EXPIRED")}
            </p>
          ) : null}
          <div className="trade-buttons">
            <Button block disabled={pending} onClick={onCancel} data-testid="trade-cancel">
              {t("common.cancel")}
            </Button>
            <Button
              block
              className={`trade-button trade-button--${direction}`}
              loading={pending}
              disabled={pending || !live || !quote}
              data-testid="trade-confirm-submit"
              onClick={onConfirm}
            >
              <DirectionMark direction={direction} />
              {t("trading.confirm")}
            </Button>
          </div>
        </DialogFocus>
      ) : null}
    </Popup>
  );
}
