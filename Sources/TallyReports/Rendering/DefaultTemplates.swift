/// The templates tally ships, built into the binary so that it finds them from any folder.
///
/// Each is a copy of the file of the same name in the repository's `Templates/` folder; a test
/// keeps the two equal.
public enum DefaultTemplates {
  /// `Templates/report.md.mustache`: the Markdown report.
  public static let reportMarkdown = """
    {{% CONTENT_TYPE: MARKDOWN}}
    # {{title}}

    Generated {{generated}} ({{zone}}).

    {{#projects}}
    ## {{title}}{{#units}} ({{units}}){{/units}}

    {{#hasReadings}}
    {{period}} from {{from}} to {{to}}.

    | Period |{{#columns}} {{heading}} |{{/columns}}
    |:---|{{#columns}}---:|{{/columns}}
    {{#rows}}
    | {{period}} |{{#cells}} {{.}} |{{/cells}}
    {{/rows}}
    | **Total** |{{#total.cells}} {{.}} |{{/total.cells}}
    {{/hasReadings}}
    {{^hasReadings}}
    No {{period}} readings in this range.
    {{/hasReadings}}
    {{#goal}}

    {{goal}}
    {{/goal}}

    {{/projects}}
    {{^projects}}
    No readings in this range.
    {{/projects}}
    """
}
