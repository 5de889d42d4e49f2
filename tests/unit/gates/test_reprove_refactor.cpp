// ODO-8's own verify of a refactor: commit, asked to re-prove (optimize_op --reprove-refactors):
// on a git copy of examples/oplib, a commit that changes a kernel's constant leaves VER-6 open only
// when the gate runs the device-code proof itself; a rename leaves nothing open either way. Needs
// nvcc; says so and stops where there is none.
#include "temp_repo.hpp"

#include <odo/gates/evidence.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

// The findings the gate's verify of HEAD against its parent leaves open, with and without proof.
std::vector<std::string> reprove_open(const TempRepo& repo, bool prove) {
    odo::gates::EvidenceContext c;
    c.repo_root = repo.root();
    c.op = odo::repo::resolve_operator(repo.root(), c.layout, "Invert");
    const odo::repo::Git git(repo.root());
    odo::gates::RefactorCommit commit{
        repo.head(), "refactor: x", repo.git({"rev-parse", "HEAD~1"}), "", {}};
    commit.parent = std::string(odo::text::strip(commit.parent));
    const odo::repo::Revision now(git, commit.sha);
    return odo::gates::detail::reverify_open(
        c, git, commit, now,
        prove ? std::optional<odo::devcode::ProofRequest>(odo::devcode::ProofRequest{})
              : std::nullopt);
}

} // namespace

TEST_CASE("ODO-8's re-verify counts VER-6 from its own device-code proof only when asked") {
    if (!odo::devcode::cuda_compiler()) {
        MESSAGE("skipped: no nvcc (set $ODO_NVCC or install the CUDA Toolkit)");
        return;
    }
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    const std::string kernel = "src/cvcuda/priv/OpInvert.cu";
    std::string code = repo.read(kernel);
    code.replace(code.find("const T top ="), 13, "const T maximum =");
    code.replace(code.find("T(top - in["), 11, "T(maximum - in[");
    repo.write(kernel, code);
    repo.commit("refactor(invert): name the maximum");
    CHECK(reprove_open(repo, true).empty());

    code.replace(code.find("T(255)"), 6, "T(254)");
    repo.write(kernel, code);
    repo.commit("refactor(invert): fold the constant");
    CHECK(reprove_open(repo, false).empty()); // bit-exactness left to the author's test run
    CHECK(reprove_open(repo, true) == std::vector<std::string>{"VER-6 MANUAL"});
}

TEST_CASE("ODO-8's re-prove of a commit naming a command in a file name runs nothing") {
    if (!odo::devcode::cuda_compiler()) {
        MESSAGE("skipped: no nvcc (set $ODO_NVCC or install the CUDA Toolkit)");
        return;
    }
    TempRepo repo(ODO_SOURCE_DIR "/examples/oplib");
    // A legacy source of Invert's whose name is a command substitution; nvcc would hand the name
    // to a shell. The name holds no '/', so the command would run in the compile's folder.
    repo.write("src/cvcuda/priv/legacy/Invert$(touch${IFS}odo-ran).cu",
               "__global__ void legacyInvert() {}\n");
    repo.commit("refactor(invert): a legacy kernel");
    CHECK(reprove_open(repo, true) == std::vector<std::string>{"VER-6 MANUAL"});
    // MANUAL because the proof refused the name before any compile, not because one failed.
    const odo::repo::Git git(repo.root());
    const odo::repo::Layout layout;
    const auto op = odo::repo::resolve_operator(repo.root(), layout, "Invert");
    const std::string parent(odo::text::strip(repo.git({"rev-parse", "HEAD~1"})));
    CHECK_THROWS_WITH_AS(odo::devcode::prove({git, layout, op, parent, repo.head(), {}}),
                         doctest::Contains("holds '$', outside the characters odo hands a "
                                           "compiler"),
                         odo::InputError);
}
