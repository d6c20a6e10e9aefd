extension Request {
  /// What carrying out the request does, for messages: "cannot add the reading: …".
  public var operation: String {
    switch self {
    case .addProject: "create the project"
    case .editProject: "change the project"
    case .deleteProject: "delete the project"
    case .addReading: "add the reading"
    case .editReading: "change the reading"
    case .deleteReading: "delete the reading"
    case .startTimer: "start the timer"
    case .stopTimer: "stop the timer"
    case .cancelTimer: "cancel the timer"
    case .switchTimer: "switch the timer"
    case .trackTime: "record the interval"
    case .undoImport: "undo the import"
    case .undo: "undo"
    case .redo: "redo"
    }
  }
}
