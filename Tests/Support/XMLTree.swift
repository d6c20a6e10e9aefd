import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document read into a tree, so that tests can check what an SVG or HTML output
/// holds, not only that it parses.
public final class XMLTree: CustomStringConvertible {
  /// The element's name: `svg`, `rect`, `table`.
  public let name: String
  /// Its attributes.
  public let attributes: [String: String]
  /// Its elements, in order.
  public internal(set) var children: [XMLTree] = []
  /// Its own text, without its elements'.
  public internal(set) var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// Parses `text`.
  ///
  /// - Throws: ``ParseError`` with the parser's message, line and column when it is not
  ///   well-formed XML.
  public static func parse(_ text: String) throws -> XMLTree {
    let builder = Builder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
      throw ParseError(
        message: parser.parserError.map { "\($0)" } ?? "no root element",
        line: parser.lineNumber, column: parser.columnNumber)
    }
    return root
  }

  /// This element and every element under it, in document order.
  public var all: [XMLTree] { [self] + children.flatMap(\.all) }

  /// The elements named `name` at any depth.
  public func elements(_ name: String) -> [XMLTree] { all.filter { $0.name == name } }

  /// The elements whose `class` attribute holds `className`.
  public func elements(classed className: String) -> [XMLTree] {
    all.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains { $0 == className } }
  }

  /// The text of this element and every element under it.
  public var allText: String { text + children.map(\.allText).joined() }

  public var description: String { "<\(name) \(attributes)>" }

  /// Why a document did not parse.
  public struct ParseError: Error, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var root: XMLTree?
    var open: [XMLTree] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      let element = XMLTree(name: elementName, attributes: attributes)
      if let parent = open.last { parent.children.append(element) } else { root = element }
      open.append(element)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      open.last?.text += string
    }
  }
}
