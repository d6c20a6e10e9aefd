import Foundation
import TallyCore
import TallyReports
import Testing

@Suite struct RenderingTests {
  let project = Project(
    id: ProjectID(rawValue: 1), title: "Fuel | car", units: "l", frequency: .monthly,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))

  func report() -> ProjectReport {
    let january = Period(
      label: "2024-01", start: Timestamp(secondsSince1970: 1_704_067_200),
      end: Timestamp(secondsSince1970: 1_706_745_600))
    let february = Period(
      label: "2024-02", start: january.end, end: Timestamp(secondsSince1970: 1_709_251_200))
    return ProjectReport(
      project: project, period: .monthly,
      rows: [
        PeriodSummary(period: january, count: 3, sum: 10, min: 2, max: 5),
        PeriodSummary(period: february, count: 0, sum: 0, min: nil, max: nil),
      ])
  }

  @Test func csvHasTheContractsHeaderAndEmptyFieldsForEmptyPeriods() {
    #expect(
      ReportCSV.render([report()]) == """
        project,period,count,sum,min,max,mean
        Fuel | car,2024-01,3,10,2,5,3.33333333333333
        Fuel | car,2024-02,0,0,,,

        """)
  }

  @Test func jsonHasExactlyTheCSVKeysAndNumbersAsNumbers() throws {
    let json = ReportJSON.render([report()])
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.count == 2)
    for object in objects {
      #expect(Set(object.keys) == Set(ReportCSV.header))
    }
    #expect(objects[0]["count"] as? Int == 3)
    #expect(objects[0]["sum"] as? Double == 10)
    #expect(objects[1]["mean"] is NSNull)
    #expect(ReportJSON.render([]) == "[]\n")
  }

  @Test func theTableHasABarPerPeriodAndTotals() {
    let text = ReportTable.render([report()], barWidth: 10)
    #expect(text.hasPrefix("Fuel | car (l), monthly, 2024-01 to 2024-02\n"))
    #expect(text.contains("2024-01      3   10    2    5  3.33  ██████████"))
    #expect(text.contains("total        3   10    2    5  3.33"))
  }

  @Test func markdownEscapesPipesInValues() {
    let text = ReportTemplate.markdown.render(
      [report()], generated: Timestamp(secondsSince1970: 0), zone: .gmt)
    #expect(text.contains("## Fuel \\| car (l)"))
    #expect(text.contains("| 2024-01 | 3 | 10 | 2 | 5 | 3.33 |"))
    #expect(text.contains("| 2024-02 | 0 | 0 |  |  |  |"))
    #expect(text.contains("| Period | Count | Sum | Min | Max | Mean |"))
    #expect(text.contains("| **Total** | 3 | 10 | 2 | 5 | 3.33 |"))
    #expect(text.contains("Generated 1970-01-01 00:00 (GMT)"))
  }

  @Test(arguments: [
    ("report.md.mustache", DefaultTemplates.reportMarkdown),
    ("report.html.mustache", DefaultTemplates.reportHTML),
  ])
  func theBuiltInTemplateIsTheOneInTemplates(name: String, builtIn: String) throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Templates/" + name)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == builtIn + "\n")
  }

  @Test func aBrokenTemplateNamesTheLineAndColumn() {
    #expect {
      try ReportTemplate(text: "# {{title}}\n{{#projects}}\n{{/rows}}\n", name: "mine.mustache")
    } throws: { error in
      (error as? TallyError)?.message.hasPrefix("template mine.mustache, line 3") == true
    }
  }
}
