#!/usr/bin/env python3
"""A TCP proxy between tally and a PostgreSQL server that breaks the connection at a chosen
moment, for the tests of a lost COMMIT and a server that goes away.

    proxy.py UPSTREAM_HOST UPSTREAM_PORT MODE

prints the port it listens on (on 127.0.0.1), then forwards every connection to the server.
The client must not ask for TLS (sslmode=disable): the proxy reads the client's messages.
MODE says when the write's connection breaks, the write being the first COMMIT after a message
that names `change_request` (the request id every write stores):

    before-commit   the COMMIT is not forwarded; both sides are closed: the change is not saved
    after-commit    the COMMIT is forwarded and the server's answer awaited, then both sides
                    are closed without passing it on: the change is saved, the client does not
                    hear it
    after-commit-gone   as after-commit, and the proxy then takes no new connection (the
                    server seems to stay away)
    after-answer    the server's answer to the COMMIT is passed on, and then both sides are
                    closed: the change is saved and the client knows it, but must reconnect
                    to read the data back
    forward         breaks nothing
    silent          takes connections and never answers (a server that hangs)

A listening proxy ends when its standard input closes (the test that started it is done).
"""
import socket
import sys
import threading

upstream = (sys.argv[1], int(sys.argv[2]))
mode = sys.argv[3]
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)
broken = threading.Event()


def close(*sockets):
    for s in sockets:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()


def read_exactly(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def messages(sock):
    """The client's messages, whole: the startup message first (no type byte), then typed
    ones."""
    length = int.from_bytes(read_exactly(sock, 4), "big")
    yield b"", read_exactly(sock, length - 4)
    yield from messages_after(sock)


def encode(kind, body):
    return kind + (len(body) + 4).to_bytes(4, "big") + body


def server_to_client(server, client, state):
    try:
        while True:
            data = server.recv(65536)
            if not data:
                break
            if state.get("committing"):
                # The answer to the COMMIT: held back (or passed on), and the connection
                # broken.
                if mode == "after-answer":
                    client.sendall(data)
                state["answered"].set()
                return
            client.sendall(data)
    except OSError:
        pass
    finally:
        if not state.get("committing"):
            close(client, server)


def client_to_server(client, server, state):
    seen_request = False
    try:
        first = True
        for kind, body in messages(client):
            if first:
                # Startup: length, then the body (protocol version and parameters).
                server.sendall((len(body) + 4).to_bytes(4, "big") + body)
                first = False
                continue
            if b"change_request" in body:
                seen_request = True
            is_commit = kind in (b"P", b"Q") and b"COMMIT" in body.upper()
            if seen_request and is_commit and mode != "forward" and not broken.is_set():
                broken.set()
                if mode == "before-commit":
                    close(client, server)
                    return
                state["committing"] = True
                state["answered"] = threading.Event()
                server.sendall(encode(kind, body))
                # The rest of the COMMIT's messages (Bind, Execute, Sync) go on below; the
                # reader thread breaks the connection on the server's answer.
                for more_kind, more_body in [] if kind == b"Q" else messages_after(client):
                    server.sendall(encode(more_kind, more_body))
                    if more_kind == b"S":
                        break
                state["answered"].wait(10)
                # Gone before the client hears of the break: a client that reconnects at
                # once (libpq does) must not slip in between.
                if mode == "after-commit-gone":
                    close(listener)
                close(client, server)
                return
            server.sendall(encode(kind, body))
    except (EOFError, OSError):
        pass
    close(client, server)


def messages_after(sock):
    while True:
        kind = read_exactly(sock, 1)
        length = int.from_bytes(read_exactly(sock, 4), "big")
        yield kind, read_exactly(sock, length - 4)


def swallow(client):
    try:
        while client.recv(65536):
            pass
    except OSError:
        pass


def serve():
    while True:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        if mode == "silent":
            threading.Thread(target=swallow, args=(client,), daemon=True).start()
            continue
        try:
            server = socket.create_connection(upstream)
        except OSError:
            client.close()
            continue
        state = {}
        threading.Thread(target=client_to_server, args=(client, server, state), daemon=True).start()
        threading.Thread(target=server_to_client, args=(server, client, state), daemon=True).start()


threading.Thread(target=serve, daemon=True).start()
sys.stdin.read()
