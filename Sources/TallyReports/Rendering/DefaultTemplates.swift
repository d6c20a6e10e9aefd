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

    | Period | Count | Sum | Min | Max | Mean |
    |:---|---:|---:|---:|---:|---:|
    {{#rows}}
    | {{period}} | {{count}} | {{sum}} | {{min}} | {{max}} | {{mean}} |
    {{/rows}}
    | **Total** | **{{total.count}}** | **{{total.sum}}** | {{total.min}} | {{total.max}} | {{total.mean}} |
    {{/hasReadings}}
    {{^hasReadings}}
    No {{period}} readings in this range.
    {{/hasReadings}}

    {{/projects}}
    {{^projects}}
    No readings in this range.
    {{/projects}}
    """
}
