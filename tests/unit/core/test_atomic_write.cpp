// write_file_atomically in a directory the change's author controls: issue #13 S1, S4, D1-D4.
#include "temp_dir.hpp"

#include <odo/core/atomic_write.hpp>
#include <odo/core/file.hpp>

#include <doctest/doctest.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> entries(const fs::path& dir) {
    std::vector<fs::path> names;
    for (const auto& e : fs::directory_iterator(dir))
        names.push_back(e.path().filename());
    return names;
}

mode_t mode_of(const fs::path& p) {
    struct stat st;
    REQUIRE(::lstat(p.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

// Runs in `dir` as the working directory, restoring the previous one when it goes.
class WorkingDirectory {
public:
    explicit WorkingDirectory(const fs::path& dir) : previous_(fs::current_path()) {
        fs::current_path(dir);
    }
    ~WorkingDirectory() { fs::current_path(previous_); }
    WorkingDirectory(const WorkingDirectory&) = delete;
    WorkingDirectory& operator=(const WorkingDirectory&) = delete;

private:
    fs::path previous_;
};

} // namespace

TEST_CASE("S1: a planted dangling link at the old fixed temporary name is never followed") {
    TempDir d;
    const fs::path victim = d.path() / "victim.txt";
    for (const char* name : {".report.md.odo-tmp", ".report.md.odo-tmp1"})
        fs::create_symlink(victim, d.path() / name);
    odo::write_file_atomically(d.path() / "report.md", "report\n");
    CHECK(odo::read_file(d.path() / "report.md") == "report\n");
    CHECK_FALSE(fs::exists(victim));
    CHECK(entries(d.path()).size() == 3); // the two links and the report: no temporary is left
}

TEST_CASE("S4: a target that is not a regular file is refused, one line naming it") {
    TempDir d;
    const fs::path fifo = d.path() / "fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS(odo::write_file_atomically(fifo, "x"),
                         (fifo.string() + ": exists and is not a regular file; refusing to "
                                          "replace it")
                             .c_str(),
                         odo::InputError);
    CHECK_THROWS_AS(odo::write_file_atomically("/dev/null", "x"), odo::InputError);
    CHECK_THROWS_AS(odo::write_file_atomically(d.path(), "x"), odo::InputError);
    struct stat st;
    REQUIRE(::stat("/dev/null", &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
    CHECK(fs::is_fifo(fifo));
}

TEST_CASE("D4: a target that is a symbolic link is refused; the link and its target stay") {
    TempDir d;
    odo::write_file_atomically(d.path() / "real.md", "old\n");
    fs::create_symlink("real.md", d.path() / "link.md");
    CHECK_THROWS_WITH_AS(odo::write_file_atomically(d.path() / "link.md", "new\n"),
                         doctest::Contains("is a symbolic link"), odo::InputError);
    CHECK(fs::is_symlink(d.path() / "link.md"));
    CHECK(odo::read_file(d.path() / "real.md") == "old\n");
}

TEST_CASE("D3: the target keeps its permissions; a read-only target is refused") {
    TempDir d;
    const fs::path report = d.path() / "report.md";
    odo::write_file_atomically(report, "one\n");
    REQUIRE(::chmod(report.c_str(), 0600) == 0);
    odo::write_file_atomically(report, "two\n");
    CHECK(mode_of(report) == 0600);
    CHECK(odo::read_file(report) == "two\n");
    REQUIRE(::chmod(report.c_str(), 0444) == 0);
    CHECK_THROWS_WITH_AS(odo::write_file_atomically(report, "three\n"),
                         doctest::Contains("is not writable"), odo::InputError);
    CHECK(odo::read_file(report) == "two\n");
}

TEST_CASE("a new file gets the umask's permissions, not the temporary's 0600") {
    TempDir d;
    const mode_t old = ::umask(022);
    odo::write_file_atomically(d.path() / "new.md", "x");
    ::umask(old);
    CHECK(mode_of(d.path() / "new.md") == 0644);
}

TEST_CASE("D1: parallel writers to one target never expose an empty or partial file") {
    TempDir d;
    const fs::path target = d.path() / "report.md";
    const std::string a(100000, 'a'), b(100000, 'b');
    odo::write_file_atomically(target, a);
    std::atomic<bool> stop{false};
    std::atomic<int> failures{0}, bad_reads{0};
    std::vector<std::thread> writers;
    for (int w = 0; w < 4; ++w)
        writers.emplace_back([&, w] {
            for (int i = 0; i < 50; ++i) {
                try {
                    odo::write_file_atomically(target, w % 2 ? a : b);
                } catch (const odo::InputError&) {
                    ++failures;
                }
            }
        });
    std::thread reader([&] {
        while (!stop) {
            const auto text = odo::try_read_file(target);
            if (!text || (*text != a && *text != b))
                ++bad_reads;
        }
    });
    for (std::thread& t : writers)
        t.join();
    stop = true;
    reader.join();
    CHECK(failures == 0);
    CHECK(bad_reads == 0);
    CHECK(entries(d.path()).size() == 1);
}

TEST_CASE("D2: several files are replaced together, or none is") {
    TempDir d;
    odo::write_file_atomically(d.path() / "a.json", "a0");
    odo::write_file_atomically(d.path() / "b.json", "b0");
    fs::create_directory(d.path() / "c.json"); // refused: a directory
    CHECK_THROWS_AS(odo::write_files_atomically({{d.path() / "a.json", "a1"},
                                                 {d.path() / "b.json", "b1"},
                                                 {d.path() / "c.json", "c1"}}),
                    odo::InputError);
    CHECK(odo::read_file(d.path() / "a.json") == "a0");
    CHECK(odo::read_file(d.path() / "b.json") == "b0");
    CHECK(entries(d.path()).size() == 3);
    odo::write_files_atomically({{d.path() / "a.json", "a1"}, {d.path() / "b.json", "b1"}});
    CHECK(odo::read_file(d.path() / "a.json") == "a1");
    CHECK(odo::read_file(d.path() / "b.json") == "b1");
}

TEST_CASE("a failed write names the system's reason and leaves the target and no temporary") {
    TempDir d;
    const fs::path report = d.path() / "report.md";
    odo::write_file_atomically(report, "old\n");
    // A file-size limit fails the write the way a full disk does: part written, then an errno.
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit old_limit;
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
    rlimit small = old_limit;
    small.rlim_cur = 16;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    std::string error;
    try {
        odo::write_file_atomically(report, std::string(1000, 'x'));
    } catch (const odo::InputError& e) {
        error = e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &old_limit);
    std::signal(SIGXFSZ, old_handler);
    CHECK(error == report.string() + ": write failed (File too large)");
    CHECK(odo::read_file(report) == "old\n");
    CHECK(entries(d.path()).size() == 1);
}

TEST_CASE("a folder on the way to the target that is a link in the working directory is refused") {
    TempDir checkout, outside;
    fs::create_directory_symlink(outside.path(), checkout.path() / "reports");
    fs::create_directories(checkout.path() / "build/real");
    fs::create_directory_symlink(checkout.path() / "build/real", checkout.path() / "build/in");
    const WorkingDirectory in_checkout(checkout.path());
    for (const fs::path& target :
         {fs::path("reports/preflight.md"), fs::path("./build/../reports/x.md"),
          checkout.path() / "reports/preflight.md", fs::path("build/in/x.md")}) {
        CAPTURE(target);
        CHECK_THROWS_WITH_AS(odo::write_file_atomically(target, "x"),
                             doctest::Contains("is a symbolic link; odo does not write through"),
                             odo::InputError);
    }
    CHECK_THROWS_WITH_AS(odo::write_file_atomically("reports/preflight.md", "x"),
                         "reports/preflight.md: its folder reports is a symbolic link; odo does "
                         "not write through links (name the folder it leads to)",
                         odo::InputError);
    CHECK(entries(outside.path()).empty());
    CHECK(entries(checkout.path() / "build/real").empty());

    // The folder it leads to, named: written.
    odo::write_file_atomically(checkout.path() / "build/real/x.md", "x");
    odo::write_file_atomically(outside.path() / "preflight.md", "x");
    CHECK(odo::read_file(outside.path() / "preflight.md") == "x");
}

TEST_CASE("a link outside the working directory's tree in an absolute target is the machine's") {
    TempDir home, scratch, cwd;
    fs::create_directory_symlink(scratch.path(), home.path() / "scratch");
    const WorkingDirectory elsewhere(cwd.path());
    odo::write_file_atomically(home.path() / "scratch/out.md", "out\n");
    CHECK(odo::read_file(scratch.path() / "out.md") == "out\n");
    // Unless the tool names that tree as its checkout: then the link is one it may have planted.
    CHECK_THROWS_WITH_AS(odo::refuse_linked_folder(home.path() / "scratch/out.md", {home.path()}),
                         doctest::Contains("scratch is a symbolic link"), odo::InputError);
    odo::refuse_linked_folder(home.path() / "scratch/out.md", {cwd.path()});
    // Relative to the working directory, the same link is one the user named: refused.
    fs::create_directory_symlink(scratch.path(), cwd.path() / "scratch");
    CHECK_THROWS_AS(odo::write_file_atomically("scratch/out.md", "x"), odo::InputError);
    CHECK(odo::read_file(scratch.path() / "out.md") == "out\n");
}
