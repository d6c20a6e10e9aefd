import Foundation
import Testing

/// The history of the time trackers people leave comes with them: `timew export`, Watson's
/// frames file and `watson log --json` import as time readings, once, on both backends.
@Suite struct TimeLogImportTests {
  static let timewarrior = """
    [
    {"id":4,"start":"20240105T083000Z","end":"20240105T100000Z","tags":["Writing","book","Chapter 2"],"annotation":"first draft"},
    {"id":3,"start":"20240105T220000Z","end":"20240106T013000Z","tags":["Writing"]},
    {"id":2,"start":"20240106T090000Z","end":"20240106T091500Z","tags":["Client X","call"]},
    {"id":1,"start":"20240107T090000Z","tags":["Writing"]}
    ]

    """

  @Test(arguments: Backend.allCases)
  func timewarriorIntervalsBecomeTimeReadingsOnce(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TZ"] = "Europe/Berlin"
    let file = sandbox.folder.appendingPathComponent("timew.json")
    try Self.timewarrior.write(to: file, atomically: true, encoding: .utf8)
    let imported = try sandbox.run("import", file.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stderr.hasPrefix(
        "Left out entry 4 of \(file.path): it is still running (since "
          + "2024-01-07T10:00:00+01:00); stop it and import again\n"))
    // The first tag names the project; the run across midnight is cut there, as a timer's.
    #expect(
      try sandbox.succeed("item", "list", "Writing", "--format", "csv") == """
        id,timestamp,amount,note,tags
        1,2024-01-05T09:30:00+01:00,1.5,first draft,"book,chapter-2"
        2,2024-01-05T23:00:00+01:00,1,,
        3,2024-01-06T00:00:00+01:00,2.5,,

        """)
    #expect(
      try sandbox.succeed("item", "list", "Client X", "--format", "csv") == """
        id,timestamp,amount,note,tags
        4,2024-01-06T10:00:00+01:00,0.25,,call

        """)
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").contains("\nWriting,h,daily,3,"))
    let before = try sandbox.everything()
    let again = try sandbox.run("import", file.path)
    #expect(again.status == 0)
    #expect(again.stderr.contains("4 already stored"))
    #expect(try sandbox.everything() == before)
    // Undo takes the whole import out, both projects with it.
    try sandbox.succeed("undo")
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").split(separator: "\n").count == 1)
  }

  @Test(arguments: Backend.allCases)
  func watsonFramesAndItsLogImportAlike(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let frames = sandbox.folder.appendingPathComponent("frames")
    try """
    [
        [
            1704445200,
            1704450600,
            "voyager",
            "a1b2c3",
            [
                "engines",
                "Warp Drive"
            ],
            1704450600
        ],
        [1704531600, 1704535200, "apollo", "d4e5f6", [], 1704535200]
    ]
    """.write(to: frames, atomically: true, encoding: .utf8)
    let log = sandbox.folder.appendingPathComponent("log.json")
    try """
    [
        {
            "id": "a1b2c3",
            "project": "voyager",
            "start": "2024-01-05T10:00:00+01:00",
            "stop": "2024-01-05T11:30:00+01:00",
            "tags": ["engines", "Warp Drive"]
        },
        {
            "id": "d4e5f6",
            "project": "apollo",
            "start": "2024-01-06T09:00:00+00:00",
            "stop": "2024-01-06T10:00:00+00:00",
            "tags": []
        }
    ]
    """.write(to: log, atomically: true, encoding: .utf8)
    try sandbox.succeed("import", frames.path)
    let export = try sandbox.succeed("export")
    #expect(
      export == """
        project,timestamp,amount,note,tags
        apollo,2024-01-06T09:00:00+00:00,1,,
        voyager,2024-01-05T09:00:00+00:00,1.5,,"engines,warp-drive"

        """)
    // The same frames from `watson log --json` are the same readings: nothing is added.
    let again = try sandbox.run("import", log.path)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("2 already stored"))
    #expect(try sandbox.succeed("export") == export)
  }

  @Test(arguments: Backend.allCases)
  func aBadLogChangesNothingAndSaysWhichEntry(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "monthly", "--units", "km")
    let before = try sandbox.everything()
    let file = sandbox.folder.appendingPathComponent("timew.json")
    for (content, message) in [
      (
        #"[{"id":1,"start":"20240105T083000Z","end":"20240105T073000Z","tags":["W"]}]"#,
        "entry 1: it ends before it starts"
      ),
      (
        #"[{"id":1,"start":"20240105T083000Z","end":"20240105T093000Z"}]"#,
        "entry 1: names no project (it has no tag)"
      ),
      (#"[{"id":1,"start":"soon","end":"20240105T093000Z","tags":["W"]}]"#, "entry 1: "),
      (
        #"[{"id":1,"start":"20240105T083000Z","end":"20240105T093000Z","tags":["Mileage"]}]"#,
        "Mileage counts units km, not a unit of time"
      ),
      ("[1, 2", "it starts as JSON but is not JSON that can be read"),
      (
        #"{"start": 1}"#,
        "it is JSON, but neither `timew export`, Watson's frames nor `watson log --json`"
      ),
    ] {
      try content.write(to: file, atomically: true, encoding: .utf8)
      let result = try sandbox.run("import", file.path)
      #expect(result.status == 1, "\(content)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(try sandbox.everything() == before)
    }
    // A dry run lists what is wrong and exits 1, as the import would fail.
    try """
    [{"id":2,"start":"20240105T083000Z","end":"20240105T073000Z","tags":["W"]},
    {"id":1,"start":"20240106T083000Z","end":"20240106T093000Z","tags":["W"]}]
    """.write(to: file, atomically: true, encoding: .utf8)
    let dry = try sandbox.run("import", file.path, "--dry-run")
    #expect(dry.status == 1)
    #expect(dry.stderr.contains("invalid: entry 1: it ends before it starts"))
    #expect(dry.stderr.contains("1 new, 0 already stored, 1 invalid"))
    let skipped = try sandbox.run("import", file.path, "--skip-invalid")
    #expect(skipped.status == 0)
    #expect(skipped.stderr.contains("Skipped \(file.path), entry 1: it ends before it starts"))
    #expect(skipped.stderr.contains("1 invalid skipped"))
    try sandbox.succeed("undo")
    #expect(try sandbox.everything() == before)
    // Nothing finished, or nothing at all: said, and exit 0.
    for content in ["[]", #"[{"id":1,"start":"20240105T083000Z","tags":["W"]}]"#] {
      try content.write(to: file, atomically: true, encoding: .utf8)
      let result = try sandbox.run("import", file.path)
      #expect(result.status == 0, "\(content)")
      #expect(result.stderr.contains("Nothing to import from \(file.path)"))
    }
    // tally's own JSON export, options for CSV, a project that is not there.
    try sandbox.succeed("item", "add", "Mileage", "3", "--at", "2024-01-01")
    let ownExport = try sandbox.succeed("export", "--format", "json")
    try sandbox.succeed("undo")
    try ownExport.write(to: file, atomically: true, encoding: .utf8)
    let own = try sandbox.run("import", file.path)
    #expect(own.status == 1)
    #expect(own.stderr.contains("it is tally's own JSON export"))
    try #"[{"id":1,"start":"20240105T083000Z","end":"20240105T093000Z","tags":["W"]}]"#
      .write(to: file, atomically: true, encoding: .utf8)
    let csvOption = try sandbox.run("import", file.path, "--date-format", "dd.MM.yyyy")
    #expect(csvOption.status == 1)
    #expect(csvOption.stderr.contains("--date-format says how a CSV file is read"))
    let notThere = try sandbox.run("import", file.path, "--project", "Nowhere")
    #expect(notThere.status == 1)
    #expect(notThere.stderr.hasPrefix("Error: there is no project titled 'Nowhere'"))
    #expect(try sandbox.everything() == before)

    // The project's tag and 32 more: a reading takes 32, and the first names the project.
    let tags = (1...32).map { "\"t\($0)\"" }.joined(separator: ",")
    try #"[{"id":1,"start":"20240105T083000Z","end":"20240105T093000Z","tags":["Many",\#(tags)]}]"#
      .write(to: file, atomically: true, encoding: .utf8)
    try sandbox.succeed("import", file.path)
    try sandbox.succeed("undo")

    // With --project, every interval goes into one project, its first tag a tag.
    try #"[{"id":1,"start":"20240105T083000Z","end":"20240105T093000Z","tags":["W","x"]}]"#
      .write(to: file, atomically: true, encoding: .utf8)
    try sandbox.succeed(
      "import", file.path, "--project", "Focus", "--create", "--frequency", "weekly", "--units",
      "min")
    #expect(
      try sandbox.succeed("item", "list", "Focus", "--format", "csv")
        .hasSuffix(",2024-01-05T08:30:00+00:00,60,,\"w,x\"\n"))
  }
}
