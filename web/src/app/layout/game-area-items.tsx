import { NavLink } from 'react-router'
import { gameAreas } from './nav-items'

/** The list items that link to the game's three areas, in the order every menu lists them. */
export function GameAreaItems({ linkClassName }: { linkClassName: string }) {
  return gameAreas.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} className={linkClassName}>
        {item.label}
      </NavLink>
    </li>
  ))
}
