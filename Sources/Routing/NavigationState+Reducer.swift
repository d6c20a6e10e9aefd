public import Flow

extension NavigationState {
  /// The one reducer that changes navigation state.
  public static var reducer: Reducer<NavigationState, NavigationAction<Segment, SegmentData>> {
    Reducer { state, action in
      state.apply(action)
    }
  }

  mutating func apply(_ action: NavigationAction<Segment, SegmentData>) {
    switch action {
    case .setRoute(let route):
      self.route = route
    case .push(let segment):
      route.append(segment)
    case .pop:
      guard !route.isEmpty else { return }
      route.removeLast()
    case .replaceTop(let segment):
      if !route.isEmpty {
        route.removeLast()
      }
      route.append(segment)
    case .setData(let value, let prefix):
      guard route.starts(with: prefix) else { return }
      data[prefix] = value
      return
    }
    dropDataOffRoute()
  }

  /// Removes the data of segments that are no longer on the route.
  private mutating func dropDataOffRoute() {
    guard !data.isEmpty else { return }
    data = data.filter { prefix, _ in
      prefix.count <= route.count && route.starts(with: prefix)
    }
  }
}
