/// The pseudo-terminal harness of the terminal tests: Python that starts a program with a new
/// pseudo-terminal as its controlling terminal (standard input, output and error), as a
/// participant's terminal would be. A test's driver script starts with ``python`` and then reacts to
/// what the program shows by reading and writing the master side.
public enum PseudoTerminal {
    /// Python defining `spawn(argv, size=None, keep_slave=False) -> (pid, master, slave)`: `argv[0]`
    /// runs in a new session on a new pseudo-terminal of `size` (rows, columns), if given, set before
    /// the program starts. The parent keeps the master; it keeps the slave (to read the terminal's
    /// modes after the program ended) only with `keep_slave`, else `slave` is `None` and reading the
    /// master ends (EOF or `OSError`) once the program and its children closed the terminal.
    /// `read_to_end(master) -> bytes` reads the master until that end.
    public static let python = """
        import fcntl as _pty_fcntl, os as _pty_os, struct as _pty_struct, termios as _pty_termios
        def spawn(argv, size=None, keep_slave=False):
            master, slave = _pty_os.openpty()
            if size:
                _pty_fcntl.ioctl(slave, _pty_termios.TIOCSWINSZ, _pty_struct.pack('HHHH', size[0], size[1], 0, 0))
            pid = _pty_os.fork()
            if pid == 0:
                _pty_os.setsid()
                _pty_fcntl.ioctl(slave, _pty_termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    _pty_os.dup2(slave, fd)
                _pty_os.close(master)
                if slave > 2:
                    _pty_os.close(slave)
                _pty_os.execv(argv[0], argv)
            if keep_slave:
                return pid, master, slave
            _pty_os.close(slave)
            return pid, master, None

        def read_to_end(master):
            out = b''
            while True:
                try:
                    chunk = _pty_os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            return out

        """
}
