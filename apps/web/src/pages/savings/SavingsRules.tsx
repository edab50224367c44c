import { formatMoney, type SavingsRules as Rules, type SavingsMoveLimits } from "@tickfair/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSavingsRules } from "../../api/savings";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { paths } from "../../lib/paths";
import { formatCalendarDate, formatPercent, savingsExample } from "../../lib/savings-format";
import { useSession } from "../../store/session";
import "./savings.css";

/** Yu'ebao's rules, from the live configuration, with an example worked by the contract's arithmetic. */
export default function SavingsRules() {
  const { t } = useTranslation();
  const rules = useSavingsRules();
  // The rules are public: a visitor who opened them directly goes back home, not to a sign-in.
  const signedIn = useSession((s) => s.token !== null);
  return (
    <div className="page">
      <PageNavBar title={t("savings.rulesTitle")} backTo={signedIn ? paths.savings : paths.home} />
      <main className="page__body cashier">
        {rules.isPending ? (
          [4, 3, 5].map((lines) => <QueryCard key={lines} query={rules} heading lines={lines} />)
        ) : rules.isError ? (
          <QueryCard query={rules} lines={0} />
        ) : (
          <RulesBody rules={rules.data} />
        )}
      </main>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card cashier-card savings-rules" data-testid={testId}>
      <h2 className="cashier-card__title">{title}</h2>
      {children}
    </section>
  );
}

/** Labels and values, one a line. */
function Rows({ rows }: { rows: readonly [label: string, value: string][] }) {
  return (
    <dl className="detail-rows savings-rows">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RulesBody({ rules }: { rules: Rules }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (value: string) => formatMoney(value, locale);
  const day = (date: string) => formatCalendarDate(date, locale);
  const rate = (value: string) => formatPercent(value, locale);
  const { cutOff, moveIn, moveOut } = rules.settings;
  const example = savingsExample(rules.today, cutOff, rules.rate, rules.upcomingRate);
  const limitRows = (limits: SavingsMoveLimits): [string, string][] => [
    [t("savings.perDay"), String(limits.perDay)],
    [t("savings.minAmount"), money(limits.min)],
    [t("savings.maxAmount"), money(limits.max)],
  ];

  return (
    <>
      <Section title={t("savings.rulesFigures")} testId="rules-figures">
        <Rows
          rows={[
            [t("savings.annualRate"), rate(rules.rate.annualRate)],
            [t("savings.perTenThousand"), money(rules.incomePerTenThousand)],
            [t("savings.sevenDayYield"), formatPercent(rules.sevenDayYield, locale, 3)],
          ]}
        />
        {rules.upcomingRate ? (
          <p className="savings-box" data-testid="rules-upcoming-rate">
            {t("savings.upcomingRate", {
              date: day(rules.upcomingRate.effectiveFrom),
              rate: rate(rules.upcomingRate.annualRate),
            })}
          </p>
        ) : null}
      </Section>

      <Section title={t("savings.rulesConfirmTitle")} testId="rules-confirm">
        <p>{t("savings.rulesConfirmBefore", { time: cutOff, zone: rules.timeZone })}</p>
        <p>{t("savings.rulesConfirmAfter", { time: cutOff })}</p>
        <p>{t("savings.rulesEarn")}</p>
      </Section>

      <Section title={t("savings.rulesFormulasTitle")} testId="rules-formulas">
        <h3>{t("savings.dailyIncome")}</h3>
        <p className="savings-box num">{t("savings.formulaIncome")}</p>
        <h3>{t("savings.perTenThousand")}</h3>
        <p className="savings-box num">{t("savings.formulaPerTenThousand")}</p>
        <h3>{t("savings.sevenDayYield")}</h3>
        <p className="savings-box num">{t("savings.formulaYield")}</p>
        <p>{t("savings.rulesRounding")}</p>
      </Section>

      <Section title={t("savings.rulesOutTitle")}>
        <p>{t("savings.rulesOut")}</p>
      </Section>

      <Section title={t("savings.rulesLimitsTitle")} testId="rules-limits">
        <h3>{t("savings.moveIn")}</h3>
        <Rows rows={limitRows(moveIn)} />
        <h3>{t("savings.moveOut")}</h3>
        <Rows rows={limitRows(moveOut)} />
      </Section>

      <Section title={t("savings.exampleTitle")} testId="rules-example">
        <ol className="savings-steps">
          <li>
            {t(example.beforeCutOff ? "savings.exampleMoveBefore" : "savings.exampleMoveAfter", {
              amount: money(example.amount),
              date: day(example.movedOn),
              time: example.time,
            })}
          </li>
          <li>{t("savings.exampleConfirm", { date: day(example.confirmsOn) })}</li>
          <li data-testid="rules-example-income">
            {t("savings.exampleIncome", {
              amount: money(example.amount),
              rate: rate(example.annualRate),
              income: money(example.income),
            })}
          </li>
          <li>
            {t("savings.exampleCredit", { date: day(example.creditedOn), income: money(example.income) })}
          </li>
          <li>
            {t("savings.exampleYield", {
              rate: rate(example.annualRate),
              perTenThousand: money(example.perTenThousand),
              yield: formatPercent(example.steadyYield, locale, 3),
            })}
          </li>
        </ol>
      </Section>
    </>
  );
}
