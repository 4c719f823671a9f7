import type { Choice, DecorationOption } from '../utils/composition'
import { svgDataUrl } from '../utils/composition'
import styles from './layer-picker.module.css'

/** One way to dress a layer: nothing, a free decoration, or a decoration token the wallet holds. */
export type LayerOption = { key: string; label: string; badge?: string; choice: Choice; decoration?: DecorationOption }

export type LayerPickerProps = {
  name: string
  hint: string
  options: readonly LayerOption[]
  value: Choice
  onChain: Choice
  disabled: boolean
  onChange: (choice: Choice) => void
}

const same = (a: Choice, b: Choice) => a.decorationId === b.decorationId && a.tokenId === b.tokenId

/** A layer's options as thumbnails; the chain's current choice is marked. */
export function LayerPicker({ name, hint, options, value, onChain, disabled, onChange }: LayerPickerProps) {
  return (
    <fieldset className={styles.layer} disabled={disabled}>
      <legend className={styles.legend}>
        {name} <span className={styles.hint}>{hint}</span>
      </legend>
      <div className={styles.options}>
        {options.map((o) => (
          <label key={o.key} className={styles.option}>
            <input
              type="radio"
              name={`layer-${name}`}
              checked={same(o.choice, value)}
              onChange={() => onChange(o.choice)}
            />
            <span className={styles.card}>
              <span className={styles.thumb}>
                {o.decoration?.art ? <img src={svgDataUrl(o.decoration.art)} alt="" width={96} height={96} /> : null}
              </span>
              <span className={styles.label}>{o.label}</span>
              {o.badge && <span className={styles.badge}>{o.badge}</span>}
              {same(o.choice, onChain) && <span className={styles.current}>On chain</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
