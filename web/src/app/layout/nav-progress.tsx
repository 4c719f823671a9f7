import { useNavigation } from 'react-router'
import styles from './nav-progress.module.css'

/** A thin glowing bar under the header while the next page's code is on its way. */
export function NavProgress() {
  const navigation = useNavigation()
  return <div className={styles.bar} data-active={navigation.state !== 'idle'} aria-hidden="true" />
}
