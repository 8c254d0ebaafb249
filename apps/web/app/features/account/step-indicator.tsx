import { useTranslation } from '../../lib/i18n.tsx';

export interface StepIndicatorProps {
  /** The step titles, already translated. */
  steps: string[];
  /** 0-based index of the current step. */
  current: number;
}

/** A numbered progress bar for multi-step forms (register, password recovery). */
export function StepIndicator({ steps, current }: StepIndicatorProps) {
  const { t } = useTranslation();
  return (
    <ol className="step-indicator" aria-label={t('accountForm.stepOf', { current: current + 1, total: steps.length })}>
      {steps.map((title, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={title} className={`step-indicator__step step-indicator__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="step-indicator__number" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="step-indicator__title">{title}</span>
            {state === 'done' ? <span className="visually-hidden"> ({t('accountForm.stepDone')})</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
