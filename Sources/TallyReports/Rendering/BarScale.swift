import TallyCore

/// How a report table draws its headlines as bars in a column of characters: sums and
/// usages from zero, negative ones to the left of an axis; a gauge's levels from a floor a
/// little under the lowest, since its changes, not its distance from zero, are what a person
/// watches; and the goal as a mark on each row it holds for.
struct BarScale {
  /// The value at the left end: 0, the most negative sum, or a gauge's floor.
  let low: Double
  /// The value at the right end.
  let high: Double
  /// Characters left of the axis, for negative bars; 0 when there are none.
  let left: Int
  /// Characters right of the axis (or of the left end).
  let right: Int
  /// Whether an axis separates negative bars from positive ones.
  let hasAxis: Bool
  let glyphs: Glyphs

  /// A scale for `headlines` and `goals` in `width` characters.
  init(
    headlines: [Double], goals: [Double], kind: ProjectKind, width: Int, glyphs: Glyphs
  ) {
    let values = (headlines + goals).filter(\.isFinite)
    let lowest = values.min() ?? 0
    let highest = values.max() ?? 0
    self.glyphs = glyphs
    if kind == .gauge, lowest < highest {
      let floor = lowest - (highest - lowest) / 4
      low = floor.isFinite ? floor : lowest
      high = highest
      (left, right, hasAxis) = (0, width, false)
    } else if kind != .gauge, lowest < 0 {
      low = lowest
      high = max(highest, 0)
      left = max(1, CharacterCells.filled(-lowest / (high - lowest), of: width - 1))
      (right, hasAxis) = (max(0, width - 1 - left), true)
    } else {
      low = 0
      high = kind == .gauge ? highest : values.map(abs).max() ?? 0
      (left, right, hasAxis) = (0, width, false)
    }
  }

  /// The row's bar, with the goal's mark when it has one.
  func bar(_ value: Double?, goal: Double?) -> String {
    var cells = [Character](repeating: " ", count: left + (hasAxis ? 1 : 0) + right + 1)
    if hasAxis { cells[left] = glyphs.axis }
    let start = left + (hasAxis ? 1 : 0)
    if let value, value.isFinite, high > low {
      if value < 0, hasAxis {
        let length = CharacterCells.filled(value / low, of: left)
        for index in (left - length)..<left { cells[index] = glyphs.full }
      } else {
        let base = hasAxis ? 0 : low
        let eighths = CharacterCells.filled((value - base) / (high - base), of: right * 8)
        let whole = min(eighths / 8, right)
        for index in start..<(start + whole) { cells[index] = glyphs.full }
        let partial = glyphs.partial(eighths: eighths % 8)
        if whole < right, let character = partial.first { cells[start + whole] = character }
      }
    }
    if let goal, goal.isFinite, high > low {
      let base = hasAxis ? 0 : low
      let place =
        goal < 0 && hasAxis
        ? left - CharacterCells.filled(goal / low, of: left)
        : start + CharacterCells.filled((goal - base) / (high - base), of: right)
      let mark = min(max(place, 0), cells.count - 1)
      if mark >= start, let value, value.isFinite, value > goal, cells.last == " " {
        // A bar past the goal goes on past the mark, one cell further, rather than under it:
        // drawn over, 109% and 116% both ended at the mark.
        cells.removeLast()
        cells.insert(glyphs.goal, at: mark)
      } else {
        // A bar at the goal or short of it ends at the mark, never past it, whatever its
        // last cell's rounding: 99% drawn past the mark read as a goal passed. (Right of the
        // axis there is only a positive bar to clear.)
        if mark >= start {
          for index in mark..<cells.count { cells[index] = " " }
        }
        cells[mark] = glyphs.goal
      }
    }
    return String(String(cells).reversed().drop { $0 == " " }.reversed())
  }
}
