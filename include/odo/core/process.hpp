#pragma once
// HOST-ONLY: runs external programs (git, profilers) with POSIX spawn. Never include from a .cu
// file.
//
// Plain POSIX rather than Boost.Process/Asio: the gates include this header in every tool, and
// Asio alone cost seconds of compile time per translation unit. The runner is small because it
// does one thing: start a program with an argument vector (never a shell), feed its stdin,
// collect stdout and stderr, and stop waiting at a deadline that nothing the program does can
// extend.
#include "odo/core/program_path.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <exception>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <string>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace odo {

// What running an external program produced. Failures are values, not exceptions: a program
// that is missing, cannot start or runs past its timeout is reported here for the caller to
// turn into a finding or a clear message.
struct ProcessResult {
    bool started = false;   // false: not found or could not be started (see `error`)
    bool timed_out = false; // killed after the timeout
    int exit_code = -1;     // 128 + N when a signal N ended it
    std::string out;
    std::string err;
    std::string error; // why it did not start or finish, naming the command

    bool ok() const noexcept { return started && !timed_out && exit_code == 0; }
};

struct ProcessOptions {
    std::filesystem::path working_dir;          // empty: the current directory
    std::chrono::milliseconds timeout{120'000}; // a hung tool must not hang a gate
    std::string input;                          // written to stdin, which is then closed
    // Environment changes for the child: a value sets the variable, nullopt removes it.
    std::map<std::string, std::optional<std::string>> environment;
    // Called with stdout as far as it has arrived, each time more came; it may erase what it
    // consumed, so a long answer is read piece by piece instead of held whole. It returns
    // whether it wants more: after false, the rest of the output is read and dropped as it
    // comes (the program still runs to its end). What it throws ends the consuming the same
    // way, and run_process rethrows it once the program has ended.
    std::function<bool(std::string& out)> consume_output = nullptr;
    // The child gets only the variables `environment` sets, none of this process's: a compiler
    // run on a merge request's content must not see the CI job's tokens.
    bool clear_environment = false;
};

namespace detail {

// The command as messages name it: the program and its first arguments, on one line.
inline std::string command_text(const std::string& program, const std::vector<std::string>& args) {
    std::string text = program;
    for (std::size_t i = 0; i < args.size() && text.size() < 120; ++i)
        text += " " + args[i];
    if (text.size() > 120)
        text = text.substr(0, 117) + "...";
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    return text;
}

// The parent's ends of the child's three standard streams, closed on destruction.
struct Pipes {
    int in = -1, out = -1, err = -1;
    std::size_t out_capacity = 65536; // what the stdout pipe holds
    Pipes() = default;
    Pipes(const Pipes&) = delete;
    Pipes& operator=(const Pipes&) = delete;
    ~Pipes() {
        for (int* fd : {&in, &out, &err})
            close_fd(*fd);
    }
    static void close_fd(int& fd) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
};

inline std::vector<std::string>
child_environment(const std::map<std::string, std::optional<std::string>>& changes, bool clear) {
    std::vector<std::string> env;
    for (char** e = clear ? nullptr : environ; e && *e; ++e) {
        const std::string entry(*e);
        if (!changes.count(entry.substr(0, entry.find('='))))
            env.push_back(entry);
    }
    for (const auto& [name, value] : changes)
        if (value)
            env.push_back(name + "=" + *value);
    return env;
}

inline std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> pointers;
    for (std::string& s : strings)
        pointers.push_back(s.data());
    pointers.push_back(nullptr);
    return pointers;
}

// posix_spawn's attributes and file actions, destroyed with the object.
struct SpawnSetup {
    posix_spawnattr_t attr;
    posix_spawn_file_actions_t actions;
    SpawnSetup() {
        posix_spawnattr_init(&attr);
        posix_spawn_file_actions_init(&actions);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
    }
    SpawnSetup(const SpawnSetup&) = delete;
    SpawnSetup& operator=(const SpawnSetup&) = delete;
};

// Starts the child in a process group of its own (so a timeout can end everything it started:
// ncu runs the benchmark as its own child), with default signal handling and an empty mask.
// Sets `pid` and returns 0, or returns the errno of the failure.
inline int spawn_child(const std::string& exe, std::vector<std::string> argv,
                       std::vector<std::string> env, const std::filesystem::path& dir,
                       const int child_ends[3], pid_t& pid) {
    SpawnSetup s;
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setflags(&s.attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                          POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&s.attr, 0);
    posix_spawnattr_setsigmask(&s.attr, &none);
    posix_spawnattr_setsigdefault(&s.attr, &defaults);
    for (int fd = 0; fd < 3; ++fd)
        posix_spawn_file_actions_adddup2(&s.actions, child_ends[fd], fd);
    if (!dir.empty())
        posix_spawn_file_actions_addchdir_np(&s.actions, dir.c_str());
    std::vector<char*> args = c_strings(argv);
    std::vector<char*> envp = c_strings(env);
    return posix_spawn(&pid, exe.c_str(), &s.actions, &s.attr, args.data(), envp.data());
}

// Opens the three pipes (close-on-exec; the child gets its ends through dup2). False on error.
inline bool open_pipes(Pipes& parent, int child_ends[3]) {
    int fds[3][2];
    for (int i = 0; i < 3; ++i)
        if (::pipe2(fds[i], O_CLOEXEC) != 0) {
            for (int j = 0; j < i; ++j)
                ::close(fds[j][0]), ::close(fds[j][1]);
            return false;
        }
    parent.in = fds[0][1];
    child_ends[0] = fds[0][0];
    parent.out = fds[1][0];
    child_ends[1] = fds[1][1];
    parent.err = fds[2][0];
    child_ends[2] = fds[2][1];
    for (int fd : {parent.in, parent.out, parent.err})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
#ifdef F_SETPIPE_SZ
    // A megabyte of pipe (Linux's default limit for any user) instead of 64 KiB: a child writing
    // hundreds of megabytes, as `git cat-file --batch` does, then waits for odo and wakes it up
    // sixteen times less often. Where the limit is lower the call fails and the pipe stays.
    ::fcntl(parent.out, F_SETPIPE_SZ, 1 << 20);
#endif
#ifdef F_GETPIPE_SZ
    if (const int capacity = ::fcntl(parent.out, F_GETPIPE_SZ); capacity > 0)
        parent.out_capacity = static_cast<std::size_t>(capacity);
#endif
    return true;
}

// A descriptor that becomes readable when the child exits (Linux pidfd), or -1 where the kernel
// has none; the loop then polls the child's state at short intervals.
inline int child_exit_fd(pid_t pid) {
#ifdef SYS_pidfd_open
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    (void)pid;
    return -1;
#endif
}

// Reads what is available on `fd` into `sink`, or `limit` bytes of it; closes `fd` at end of
// file or error. Returns how many bytes it read.
inline std::size_t drain(int& fd, std::string& sink, std::size_t limit = std::string::npos) {
    char buffer[65536];
    const std::size_t start = sink.size();
    while (fd >= 0 && sink.size() - start < limit) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0) {
            sink.append(buffer, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && (errno == EINTR))
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        Pipes::close_fd(fd);
    }
    return sink.size() - start;
}

// Reads and drops what is available on `fd`, with no copy kept; closes `fd` at end of file or
// error. On Linux the pipe's pages are spliced into /dev/null, never copied out of the kernel.
// Returns how many bytes it dropped.
inline std::size_t discard(int& fd) {
    std::size_t dropped = 0;
#ifdef SPLICE_F_NONBLOCK
    static const int null_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    while (fd >= 0 && null_fd >= 0) {
        const ssize_t n = ::splice(fd, nullptr, null_fd, nullptr, std::size_t(1) << 20,
                                   SPLICE_F_NONBLOCK | SPLICE_F_MOVE);
        if (n > 0)
            dropped += static_cast<std::size_t>(n);
        if (n > 0 || (n < 0 && errno == EINTR))
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return dropped;
        if (n < 0 && errno == EINVAL)
            break; // not a pipe, or a kernel without it: read below
        Pipes::close_fd(fd);
    }
#endif
    char buffer[65536];
    while (fd >= 0) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0)
            dropped += static_cast<std::size_t>(n);
        if (n > 0 || (n < 0 && errno == EINTR))
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        Pipes::close_fd(fd);
    }
    return dropped;
}

// Writes what `fd` accepts of the rest of `input`; closes it when all is written or the child
// stopped reading. SIGPIPE is blocked in this thread around the write, and a SIGPIPE the write
// raised is consumed, so a child that exits early cannot kill the caller.
inline void feed(int& fd, const std::string& input, std::size_t& written) {
    if (fd < 0)
        return;
    sigset_t pipe_set, previous;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &previous);
    bool broken = false;
    while (written < input.size()) {
        const ssize_t n = ::write(fd, input.data() + written, input.size() - written);
        if (n > 0) {
            written += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        broken = !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
        break;
    }
    if (broken) {
        const timespec zero{0, 0};
        sigtimedwait(&pipe_set, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (broken || written == input.size())
        Pipes::close_fd(fd);
}

// A child streaming a long output (git cat-file writes a blob 16 KiB at a time) wakes a reader
// that polls its pipe on every write: thousands of wake-ups, each a few system calls on both
// sides, for a hundred megabytes. After a read that found such a stream flowing, the reader
// pauses before polling again for as long as a writer at 4 GB/s takes to fill the pipe (a
// quarter of a millisecond for a megabyte): each wake-up then moves a few hundred kilobytes,
// and a slower writer never waits for room. Never past the deadline.
inline void let_stream_fill(std::size_t pipe_capacity,
                            std::chrono::steady_clock::time_point deadline) {
    const std::chrono::nanoseconds pause(pipe_capacity / 4);
    if (deadline - std::chrono::steady_clock::now() <= pause)
        return;
    const timespec t{0, static_cast<long>(pause.count())};
    ::nanosleep(&t, nullptr);
}

// A read that brought at least a pipe write's worth (git's stream piece) finds a stream flowing.
inline constexpr std::size_t stream_flowing = 16384;

inline int exit_code_of(int status) {
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return -1;
}

// Waits for the child while moving its streams, until it exits or the deadline passes. Returns
// the wait status, or nullopt at the deadline. Output a child's descendants still write after
// the child itself exited is not waited for: a daemon holding the pipe cannot hold odo.
inline std::optional<int> pump(pid_t pid, Pipes& pipes, const ProcessOptions& options,
                               std::chrono::steady_clock::time_point deadline, ProcessResult& r,
                               std::exception_ptr& consumer_error) {
    const std::string& input = options.input;
    // A consumer is handed stdout a megabyte at a time at most, so a fast writer cannot make
    // it hold more than that beyond the answer it is reading.
    bool wanted = true; // by the consumer
    // Moves what stdout holds; returns how many bytes that was.
    auto take_output = [&]() -> std::size_t {
        if (!options.consume_output)
            return drain(pipes.out, r.out);
        const std::size_t piece = std::size_t(1) << 20;
        std::size_t moved = 0;
        for (std::size_t n = piece; n >= piece && wanted;) {
            n = drain(pipes.out, r.out, piece);
            moved += n;
            if (n == 0)
                break;
            try {
                wanted = options.consume_output(r.out);
            } catch (...) {
                consumer_error = std::current_exception();
                wanted = false;
            }
        }
        if (!wanted) {
            r.out.clear();
            moved += discard(pipes.out);
        }
        return moved;
    };
    const int exit_fd = child_exit_fd(pid);
    std::size_t written = 0;
    if (input.empty())
        Pipes::close_fd(pipes.in);
    std::optional<int> status;
    while (true) {
        int raw = 0;
        if (::waitpid(pid, &raw, WNOHANG) == pid) {
            status = raw;
            break;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline)
            break;
        pollfd fds[4];
        nfds_t n = 0;
        for (const auto& [fd, events] : {std::pair{pipes.in, POLLOUT},
                                         {pipes.out, POLLIN},
                                         {pipes.err, POLLIN},
                                         {exit_fd, POLLIN}})
            if (fd >= 0)
                fds[n++] = {fd, static_cast<short>(events), 0};
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
        const bool watching_exit = exit_fd >= 0;
        ::poll(fds, n, static_cast<int>(watching_exit ? left : std::min<long long>(left, 5)));
        feed(pipes.in, input, written);
        const std::size_t moved = take_output();
        drain(pipes.err, r.err);
        if (moved >= stream_flowing && pipes.out >= 0) // not once the stream has ended
            let_stream_fill(pipes.out_capacity, deadline);
    }
    if (exit_fd >= 0)
        ::close(exit_fd);
    take_output(); // what the child wrote before it exited
    drain(pipes.err, r.err);
    return status;
}

} // namespace detail

// Runs `program` (a path, or a name looked up on PATH) with an argument vector — never through
// a shell — capturing stdout and stderr. The timeout bounds the whole call: at the deadline the
// child's process group is killed and odo stops reading, whatever still holds the pipes.
inline ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                                 const ProcessOptions& options = {}) {
    ProcessResult r;
    const std::string command = detail::command_text(program, args);
    std::string exe = program;
    if (program.find('/') == std::string::npos) {
        const auto found = find_on_path(program);
        if (!found) {
            r.error = program + ": not found on PATH";
            return r;
        }
        exe = found->string();
    }
    std::error_code dir_error;
    if (!options.working_dir.empty() &&
        !std::filesystem::is_directory(options.working_dir, dir_error)) {
        r.error =
            command + ": working directory " + options.working_dir.string() + " does not exist";
        return r;
    }
    detail::Pipes pipes;
    int child_ends[3];
    if (!detail::open_pipes(pipes, child_ends)) {
        r.error = command + ": cannot create pipes (" + std::strerror(errno) + ")";
        return r;
    }
    std::vector<std::string> argv{program};
    argv.insert(argv.end(), args.begin(), args.end());
    pid_t pid = -1;
    const int spawn_error = detail::spawn_child(
        exe, std::move(argv),
        detail::child_environment(options.environment, options.clear_environment),
        options.working_dir, child_ends, pid);
    for (int fd : child_ends)
        ::close(fd);
    if (spawn_error != 0) {
        r.error = command + ": cannot start (" + std::strerror(spawn_error) + ")";
        return r;
    }
    r.started = true;
    const auto deadline = std::chrono::steady_clock::now() + options.timeout;
    std::exception_ptr consumer_error;
    const std::optional<int> status =
        detail::pump(pid, pipes, options, deadline, r, consumer_error);
    if (status) {
        if (consumer_error)
            std::rethrow_exception(consumer_error);
        r.exit_code = detail::exit_code_of(*status);
        return r;
    }
    r.timed_out = true;
    r.error =
        command + ": timed out after " + std::to_string(options.timeout.count() / 1000.0) + " s";
    ::kill(-pid, SIGKILL); // the whole group: the program and what it started
    int ignored = 0;
    while (::waitpid(pid, &ignored, 0) < 0 && errno == EINTR) {
    }
    if (consumer_error)
        std::rethrow_exception(consumer_error);
    return r;
}

} // namespace odo
