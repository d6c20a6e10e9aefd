import Foundation
import Logging
import PostgresNIO

/// Opens connections to one server with tally's timeouts: a deadline on connecting and logging
/// in, the server's limits on statements, locks and idle transactions sent at startup, and TCP
/// keepalive, so that a connection whose server went quiet is noticed within seconds rather
/// than hours.
struct PostgresConnector: Sendable {
  let address: PostgresAddress
  let logger: Logger

  /// How TCP keepalive looks for a server that went away.
  ///
  /// The first probe after `idle` quiet seconds, then one every `interval` seconds; data the
  /// server has not acknowledged for `userTimeout` milliseconds gives the connection up. A
  /// server that is gone is noticed within about 11 seconds.
  private static let keepalive = (idle: 5, interval: 2, count: 3, userTimeout: 10_000)

  /// Connects and logs in.
  ///
  /// - Parameter id: The connection's number, for the log.
  /// - Returns: The connection, logged in.
  /// - Throws: ``ServerUnreachable`` when no connection could be made in time; PostgresNIO's
  ///   error when the server refused the login or the TLS handshake failed.
  func connect(id: Int) async throws -> PostgresConnection {
    let address = address
    let timeouts = address.timeouts
    let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
    let started = ContinuousClock.now
    logger.debug(
      "connecting",
      metadata: ["server": "\(address)", "connect_timeout": "\(timeouts.connect)s"])
    let channel: any Channel
    do {
      let bootstrap = ClientBootstrap(group: eventLoop)
        .connectTimeout(.seconds(Int64(timeouts.connect)))
      if address.host.hasPrefix("/") {
        channel = try await bootstrap.connect(
          unixDomainSocketPath: address.host + "/.s.PGSQL.\(address.port)"
        ).get()
      } else {
        let tcp = { (name: Int32) in
          ChannelOptions.Types.SocketOption(level: .tcp, name: NIOBSDSocket.Option(rawValue: name))
        }
        channel =
          try await bootstrap
          .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
          .channelOption(tcp(TCP_KEEPIDLE), value: Self.keepalive.idle)
          .channelOption(tcp(TCP_KEEPINTVL), value: Self.keepalive.interval)
          .channelOption(tcp(TCP_KEEPCNT), value: Self.keepalive.count)
          .channelOption(tcp(Int32(TCP_USER_TIMEOUT)), value: Self.keepalive.userTimeout)
          .connect(host: address.host, port: address.port).get()
      }
    } catch {
      logger.debug("cannot connect", metadata: ["server": "\(address)", "error": "\(error)"])
      throw ServerUnreachable(cause: error)
    }
    var configuration = PostgresConnection.Configuration(
      establishedChannel: channel, tls: try tls(), username: address.user,
      password: address.password, database: address.database)
    let spent = ContinuousClock.now - started
    configuration.options.connectTimeout = .milliseconds(
      max(1, Int64(timeouts.connect) * 1_000 - spent.components.seconds * 1_000))
    if address.sslMode == .verifyFull, !Self.isIPAddress(address.host) {
      configuration.options.tlsServerName = address.host
    }
    configuration.options.additionalStartupParameters = timeouts.startupParameters
    do {
      let connection = try await PostgresConnection.connect(
        on: eventLoop, configuration: configuration, id: id, logger: logger)
      logger.debug(
        "connected",
        metadata: [
          "server": "\(address)", "connection": "\(id)",
          "settings":
            "\(timeouts.settings.keys.sorted().map { "\($0)=\(timeouts.settings[$0] ?? "")" })",
        ])
      return connection
    } catch {
      logger.debug("cannot log in", metadata: ["server": "\(address)", "error": "\(error)"])
      channel.close(promise: nil)
      throw error
    }
  }

  /// The TLS mode, as libpq's `sslmode` says: `prefer` and `require` do not check the
  /// certificate, `verify-ca` checks who signed it, `verify-full` also the host it names.
  private func tls() throws -> PostgresConnection.Configuration.TLS {
    var settings = TLSConfiguration.makeClientConfiguration()
    switch address.sslMode {
    case .disable: return .disable
    case .prefer, .require:
      settings.certificateVerification = .none
      let context = try NIOSSLContext(configuration: settings)
      return address.sslMode == .require ? .require(context) : .prefer(context)
    case .verifyCA:
      settings.certificateVerification = .noHostnameVerification
      return .require(try NIOSSLContext(configuration: settings))
    case .verifyFull:
      return .require(try NIOSSLContext(configuration: settings))
    }
  }

  private static func isIPAddress(_ host: String) -> Bool {
    (try? SocketAddress(ipAddress: host, port: 0)) != nil
  }
}

/// No connection to the server could be made: it is not running, not reachable, or did not
/// answer in time.
struct ServerUnreachable: Error, CustomStringConvertible {
  let cause: any Error
  var description: String { "\(cause)" }
}
