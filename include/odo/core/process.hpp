#pragma once
// HOST-ONLY: uses Boost.Process/Asio, which nvcc cannot compile. Never include from a .cu file.
#include <boost/asio.hpp>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <string>
#include <system_error>
#include <vector>

namespace odo {

// What running an external program produced. Failures are values, not exceptions: a program
// that is missing, cannot start or runs past its timeout is reported here for the caller to
// turn into a finding or a clear message.
struct ProcessResult {
    bool started = false;   // false: not found or could not be started (see `error`)
    bool timed_out = false; // killed after the timeout
    int exit_code = -1;
    std::string out;
    std::string err;
    std::string error; // why it did not start or finish

    bool ok() const noexcept { return started && !timed_out && exit_code == 0; }
};

struct ProcessOptions {
    std::filesystem::path working_dir;          // empty: the current directory
    std::chrono::milliseconds timeout{120'000}; // a hung tool must not hang a gate
    std::string input;                          // written to stdin, which is then closed
};

namespace detail {

// Puts the child in a process group of its own, so a timeout can end everything it started
// (ncu runs the benchmark as its own child).
struct OwnProcessGroup : boost::process::extend::handler {
    template <class Executor>
    void on_exec_setup(Executor&) const {
        ::setpgid(0, 0);
    }
};

} // namespace detail

// Runs `program` (a path, or a name looked up on PATH) with an argument vector — never through
// a shell — capturing stdout and stderr.
inline ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                                 const ProcessOptions& options = {}) {
    namespace bp = boost::process;
    ProcessResult result;
    boost::filesystem::path exe = program;
    if (program.find('/') == std::string::npos)
        exe = bp::search_path(program);
    if (exe.empty()) {
        result.error = program + ": not found on PATH";
        return result;
    }
    std::error_code dir_error;
    if (!options.working_dir.empty() &&
        !std::filesystem::is_directory(options.working_dir, dir_error)) {
        result.error =
            program + ": working directory " + options.working_dir.string() + " does not exist";
        return result;
    }
    boost::asio::io_context context;
    std::future<std::string> out, err;
    std::error_code launch_error;
    const boost::filesystem::path dir = options.working_dir.empty()
                                            ? boost::filesystem::current_path()
                                            : boost::filesystem::path(options.working_dir.string());
    bp::child child(exe, bp::args(args), bp::start_dir(dir),
                    bp::std_in<boost::asio::buffer(options.input), bp::std_out> out,
                    bp::std_err > err, context, bp::error(launch_error),
                    detail::OwnProcessGroup{});
    if (launch_error) {
        result.error = program + ": cannot start (" + launch_error.message() + ")";
        return result;
    }
    result.started = true;
    context.run_for(options.timeout);
    if (!context.stopped()) {
        result.timed_out = true;
        result.error = program + ": timed out after " +
                       std::to_string(options.timeout.count() / 1000.0) + " s";
        ::kill(-child.id(), SIGKILL); // the whole group: the program and what it started
        std::error_code ignored;
        child.terminate(ignored);
        context.restart();
        context.run();
    }
    std::error_code wait_error;
    child.wait(wait_error);
    result.out = out.get();
    result.err = err.get();
    if (!result.timed_out)
        result.exit_code = child.exit_code();
    return result;
}

} // namespace odo
