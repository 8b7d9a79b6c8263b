// Types for the parts of the `glicko2` package (plain JavaScript, no types of its own) that ratings.ts uses.
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau?: number
    rating?: number
    rd?: number
    vol?: number
    volatility_algorithm?: 'newprocedure' | 'newprocedure_mod' | 'oldprocedure' | 'oldprocedure_simple'
  }

  export interface Glicko2Player {
    getRating(): number
    getRd(): number
    getVol(): number
  }

  /** [player, opponent, score of player: 1 win, 0.5 draw, 0 loss] */
  export type Glicko2Match = [Glicko2Player, Glicko2Player, number]

  export class Glicko2 {
    constructor(settings?: Glicko2Settings)
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player
    /** One rating period: every player the instance knows is updated, those without a match by Step 6 only. */
    updateRatings(matches: Glicko2Match[]): void
  }

  const glicko2: { Glicko2: typeof Glicko2 }
  export default glicko2
}
