"""A real SMTP server (aiosmtpd 1.4) for StudyRecorder's tests, on 127.0.0.1 only: messages are stored
in a Maildir (DIR/new/), STARTTLS is offered (and required) when a certificate is given, and AUTH
PLAIN/LOGIN is required when an account is given.

usage: smtp_server.py --port P --maildir DIR [--cert C --key K] [--user U --password-file F]
"""
import argparse
import os
import ssl
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import AuthResult, LoginPassword

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--user")
    parser.add_argument("--password-file")
    args = parser.parse_args()
    exit_with_parent()
    kwargs = {}
    if args.cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)
        kwargs["tls_context"] = context
        kwargs["require_starttls"] = True
    if args.user:
        with open(args.password_file) as f:
            password = f.read().strip()

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == args.user \
                and auth_data.password.decode() == password
            return AuthResult(success=ok)

        kwargs["authenticator"] = authenticator
        kwargs["auth_required"] = True
        kwargs["auth_require_tls"] = bool(args.cert)
    controller = Controller(Mailbox(args.maildir), hostname="127.0.0.1", port=args.port,
                            data_size_limit=64 * 1024 * 1024, **kwargs)
    controller.start()
    print("ready", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        controller.stop()


if __name__ == "__main__":
    sys.exit(main())
