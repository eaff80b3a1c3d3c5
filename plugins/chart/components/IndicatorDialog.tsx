import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../kit';
import { INDICATOR_INPUTS, validateInputs, type IndicatorType, type InputError } from '../indicators/inputs';

interface Props {
  type: IndicatorType;
  values: number[];
  onApply: (values: number[]) => void;
  onClose: () => void;
  t: (key: string, opts?: Record<string, unknown>) => string;
}

/** The inputs form of one indicator, validated against spec 001 §5 ranges with translated messages. */
export function IndicatorDialog({ type, values, onApply, onClose, t }: Props) {
  const id = useId();
  const specs = INDICATOR_INPUTS[type];
  const [raw, setRaw] = useState<string[]>(() => specs.map((s, i) => String(values[i] ?? s.default)));
  const [errors, setErrors] = useState<InputError[]>([]);
  const name = t(`indicators.${type}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateInputs(type, raw);
    if (!result.ok) return setErrors(result.errors);
    onApply(result.values);
  };
  const formId = `${id}-form`;
  return (
    <Dialog
      title={t('toolbar.settings', { name })}
      onClose={onClose}
      closeLabel={t('form.close')}
      size="sm"
      actions={
        <>
          <button type="button" className="chart-btn" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" form={formId} className="chart-btn chart-btn--primary">
            {t('form.apply')}
          </button>
        </>
      }
    >
      <form id={formId} className="chart-form" onSubmit={submit} noValidate>
        {specs.length === 0 && <p>{t('form.noInputs')}</p>}
        {specs.map((s, i) => {
          const err = errors.find((x) => x.index === i);
          return (
            <div key={s.key} className="chart-form__row">
              <label htmlFor={`${id}-${s.key}`}>{t(`inputs.${s.key}`)}</label>
              <input
                id={`${id}-${s.key}`}
                type="number"
                inputMode="numeric"
                min={s.min}
                max={s.max}
                step={1}
                value={raw[i]}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${id}-${s.key}-err` : undefined}
                onChange={(e) => setRaw((r) => r.map((v, j) => (j === i ? e.target.value : v)))}
              />
              {err && (
                <p id={`${id}-${s.key}-err`} className="chart-form__error" role="alert">
                  {t(err.key, err.params)}
                </p>
              )}
            </div>
          );
        })}
      </form>
    </Dialog>
  );
}
