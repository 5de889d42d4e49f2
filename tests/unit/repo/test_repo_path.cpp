// Paths a repository names must not lead outside it (issue #13 S3): layout fields are checked
// as text when the layout file is read, and every working-tree read resolves links first.
#include "temp_tree.hpp"

#include <odo/repo/layout_file.hpp>
#include <odo/repo/repo_path.hpp>
#include <odo/repo/source_tree.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace odo::repo;
namespace fs = std::filesystem;

namespace {

std::string layout_error(std::string_view text) {
    try {
        parse_layout(text, "odo-layout.json");
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "no error";
}

// What resolve_repo_path throws for `relative` in a child process that is not root (root reads
// every folder whatever its mode): uid 65534 when the test runs as root.
std::string error_as_unprivileged(const fs::path& root, const std::string& relative) {
    int out[2];
    REQUIRE(::pipe(out) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::string what = "no error";
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            what = "cannot give up root";
        else
            try {
                resolve_repo_path(root, relative);
            } catch (const odo::InputError& e) {
                what = e.what();
            }
        const bool written =
            ::write(out[1], what.data(), what.size()) == static_cast<ssize_t>(what.size());
        ::_exit(written ? 0 : 1);
    }
    ::close(out[1]);
    std::string what;
    char buffer[512];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;)
        what.append(buffer, static_cast<std::size_t>(n));
    ::close(out[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFEXITED(status));
    return what;
}

} // namespace

TEST_CASE("path text: relative paths without '..' stay inside") {
    CHECK(is_contained_path_text("bench/config/sku_map.json"));
    CHECK(is_contained_path_text("src/cvcuda/priv/Op{Name}.cu"));
    CHECK(is_contained_path_text("./a/b..c/.hidden"));
    CHECK(is_contained_path_text(""));
    CHECK_FALSE(is_contained_path_text("/etc/passwd"));
    CHECK_FALSE(is_contained_path_text("../x"));
    CHECK_FALSE(is_contained_path_text("a/../../x"));
    CHECK_FALSE(is_contained_path_text("a/.."));
    CHECK_FALSE(is_contained_path_text("a\\..\\x"));
}

TEST_CASE("a layout file with an absolute or escaping path is refused, naming file and field") {
    CHECK(layout_error(R"({"paths": {"sku_map": "/etc/odo/sku_map.json"}})") ==
          "odo-layout.json: field \"paths.sku_map\" must be a path inside the repository "
          "(relative, without \"..\"), not \"/etc/odo/sku_map.json\"");
    CHECK(layout_error(R"({"paths": {"bench_config_dir": "../x"}})") ==
          "odo-layout.json: field \"paths.bench_config_dir\" must be a path inside the "
          "repository (relative, without \"..\"), not \"../x\"");
    CHECK(layout_error(R"({"paths": {"priv_sources": ["src/{Name}.cu", "../{Name}.cu"]}})")
              .find("field \"paths.priv_sources\" must be a path inside") != std::string::npos);
    CHECK(layout_error(R"({"attribution": {"include_roots": ["src", "/usr/include"]}})")
              .find("field \"attribution.include_roots\"") != std::string::npos);
    CHECK(layout_error(R"({"attribution": {"multi_op_sources": {"../a.cu": ["x"]}}})")
              .find("field \"attribution.multi_op_sources\"") != std::string::npos);
    CHECK(layout_error(R"({"attribution": {"shared_kernel_sources": {"x": ["/a.cu"]}}})")
              .find("field \"attribution.shared_kernel_sources\"") != std::string::npos);
    CHECK(layout_error(R"({"paths": {"sku_map": "gpus/sku_map.json"}})") == "no error");
}

TEST_CASE("repository paths resolve inside the root, links followed") {
    const TempTree outside;
    outside.write("secret.json", "{\"outside\": 1}");
    const TempTree repo;
    repo.write("bench/config.json", "{}");
    fs::create_symlink(outside.root() / "secret.json", repo.root() / "bench/link_out.json");
    fs::create_symlink("config.json", repo.root() / "bench/link_in.json");
    fs::create_directories(repo.root() / "inc");
    fs::create_directory_symlink(outside.root(), repo.root() / "inc/out");

    const fs::path root = fs::canonical(repo.root());
    CHECK(resolve_repo_path(repo.root(), "bench/config.json") == root / "bench/config.json");
    CHECK(resolve_repo_path(repo.root(), "bench/link_in.json") == root / "bench/config.json");
    CHECK(resolve_repo_path(repo.root(), "bench/not_yet.json") == root / "bench/not_yet.json");
    CHECK(resolve_repo_path(repo.root(), "bench/../bench/config.json") ==
          root / "bench/config.json");
    CHECK_FALSE(resolve_repo_path(repo.root(), "bench/link_out.json"));
    CHECK_FALSE(resolve_repo_path(repo.root(), "inc/out/secret.json"));
    CHECK_FALSE(resolve_repo_path(repo.root(), "../x"));
    CHECK_FALSE(resolve_repo_path(repo.root(), outside.root() / "secret.json"));

    CHECK(try_read_repo_file(repo.root(), "bench/link_in.json") == "{}");
    CHECK_FALSE(try_read_repo_file(repo.root(), "bench/missing.json"));
    CHECK_THROWS_WITH_AS(try_read_repo_file(repo.root(), "bench/link_out.json"),
                         "bench/link_out.json: leads outside the repository (an absolute path, "
                         "\"..\" or a symbolic link); odo reads only files inside it",
                         odo::InputError);
}

TEST_CASE("a working tree reads a directory's files as the full resolution does, links followed") {
    // The tree resolves a directory once: a file after it, a link beside it, a link to outside
    // and a directory it cannot resolve must read as they would alone.
    const TempTree outside;
    outside.write("secret.json", "{\"outside\": 1}");
    const TempTree repo;
    repo.write("bench/config.json", "{}");
    fs::create_symlink(outside.root() / "secret.json", repo.root() / "bench/link_out.json");
    fs::create_symlink("config.json", repo.root() / "bench/link_in.json");
    fs::create_directory_symlink(outside.root(), repo.root() / "bench/out");
    fs::create_symlink("loop", repo.root() / "bench/loop");
    const odo::repo::WorkingTree tree(repo.root());
    CHECK(tree.read("bench/config.json") == "{}");
    CHECK(tree.read("bench/link_in.json") == "{}");
    CHECK(tree.read("bench/./config.json") == "{}");
    CHECK_FALSE(tree.read("bench/missing.json"));
    CHECK_THROWS_WITH_AS(tree.read("bench/link_out.json"),
                         "bench/link_out.json: leads outside the repository (an absolute path, "
                         "\"..\" or a symbolic link); odo reads only files inside it",
                         odo::InputError);
    CHECK_THROWS_AS(tree.read("bench/out/secret.json"), odo::InputError);
    CHECK_THROWS_AS(tree.read("bench/../../secret.json"), odo::InputError);
    CHECK_THROWS_AS(tree.read((outside.root() / "secret.json").string()), odo::InputError);
    CHECK_THROWS_WITH_AS(tree.read("bench/loop/config.json"),
                         "bench/loop/config.json: cannot read: Too many levels of symbolic links",
                         odo::InputError);
    CHECK_THROWS_WITH_AS(tree.read("bench/loop/other.json"),
                         "bench/loop/other.json: cannot read: Too many levels of symbolic links",
                         odo::InputError);
}

TEST_CASE("a path the system will not resolve says why, not that it leads outside") {
    const TempTree repo;
    repo.write("bench/locked/config.json", "{}");
    fs::create_symlink("loop", repo.root() / "bench/loop");
    CHECK_THROWS_WITH_AS(resolve_repo_path(repo.root(), "bench/loop/config.json"),
                         "bench/loop/config.json: cannot read: Too many levels of symbolic links",
                         odo::InputError);

    const auto open = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                      fs::perms::others_read | fs::perms::others_exec;
    fs::permissions(repo.root(), open);
    fs::permissions(repo.root() / "bench", open);
    fs::permissions(repo.root() / "bench/locked", fs::perms::none);
    CHECK(error_as_unprivileged(repo.root(), "bench/locked/config.json") ==
          "bench/locked/config.json: cannot read: Permission denied");
    CHECK(error_as_unprivileged(repo.root(), "bench/open.json") == "no error");
    fs::permissions(repo.root() / "bench/locked", fs::perms::owner_all);
}
