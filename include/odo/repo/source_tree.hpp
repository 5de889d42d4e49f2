#pragma once
// HOST-ONLY (the revision reader runs git). Where refactor_op and the device-code proof read
// sources from: the working tree, or one committed revision (verify's base, a side of the proof).
// The checks take either, so assess at the base and assess now are the same code on two trees.
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/repo_path.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace odo::repo {

class SourceTree {
public:
    virtual ~SourceTree() = default;
    // The file's bytes; nullopt when it does not exist.
    virtual std::optional<std::string> read(const std::string& path) const = 0;
    // Every regular file below the directory, repository-relative, sorted.
    virtual std::vector<std::string> files_under(const std::string& dir) const = 0;
    // A hint that these files will be read: a revision fetches them with one git process.
    virtual void prefetch(const std::vector<std::string>&) const {}
};

class WorkingTree final : public SourceTree {
public:
    explicit WorkingTree(const std::filesystem::path& root) : root_(root) {}

    // Something at the path that is not a readable regular file (a FIFO, a directory, a file
    // without read permission) is an InputError naming it: left out, it would change the findings
    // and the sources fingerprint in silence, and a FIFO would block the read.
    std::optional<std::string> read(const std::string& path) const override {
        namespace fs = std::filesystem;
        const fs::path at = root_.file_path(path);
        std::error_code ec;
        const fs::file_status status = fs::status(at, ec);
        if (status.type() == fs::file_type::not_found)
            return std::nullopt;
        if (status.type() != fs::file_type::regular)
            throw InputError(path + ": " + not_a_file(status.type()) +
                             "; an operator source must be a regular file");
        if (auto text = try_read_file(at))
            return text;
        throw InputError(path + ": cannot read the file");
    }

    // Links are not followed: a file reached through one is not the repository's source. So an
    // entry's path is the resolved directory's joined with names, and its place below the
    // directory is lexical.
    std::vector<std::string> files_under(const std::string& dir) const override {
        namespace fs = std::filesystem;
        std::vector<std::string> out;
        const auto base = root_.resolve(dir);
        std::error_code ec;
        if (!base || !fs::is_directory(*base, ec))
            return out;
        for (fs::recursive_directory_iterator it(*base, ec), end; !ec && it != end;
             it.increment(ec)) {
            std::error_code type_ec;
            if (it->is_regular_file(type_ec) && !it->is_symlink(type_ec))
                out.push_back(dir + "/" + it->path().lexically_relative(*base).generic_string());
        }
        std::sort(out.begin(), out.end());
        return out;
    }

private:
    static std::string not_a_file(std::filesystem::file_type type) {
        switch (type) {
        case std::filesystem::file_type::directory:
            return "a directory";
        case std::filesystem::file_type::fifo:
            return "a FIFO";
        case std::filesystem::file_type::socket:
            return "a socket";
        case std::filesystem::file_type::block:
        case std::filesystem::file_type::character:
            return "a device";
        default:
            return "cannot be read";
        }
    }

    ResolvedRoot root_;
};

class Revision final : public SourceTree {
public:
    Revision(const Git& git, std::string commit) : git_(git), commit_(std::move(commit)) {}

    const std::string& commit() const noexcept { return commit_; }

    std::optional<std::string> read(const std::string& path) const override {
        prefetch({path});
        const auto it = cache_.find(path);
        return it == cache_.end() ? std::nullopt : it->second;
    }

    std::vector<std::string> files_under(const std::string& dir) const override {
        std::vector<std::string> out;
        if (auto listing =
                git_.output({"ls-tree", "-r", "--name-only", "-z", commit_, "--", dir + "/"}))
            for (std::size_t start = 0; start < listing->size();) {
                const auto end = std::min(listing->find('\0', start), listing->size());
                if (end > start)
                    out.push_back(listing->substr(start, end - start));
                start = end + 1;
            }
        std::sort(out.begin(), out.end());
        return out;
    }

    // Unknown paths are read with one `git cat-file --batch`; what cannot be read is missing.
    void prefetch(const std::vector<std::string>& paths) const override {
        std::vector<std::string> specs;
        for (const std::string& path : paths)
            if (!cache_.count(path))
                specs.push_back(commit_ + ":" + path);
        if (specs.empty())
            return;
        const CatFileObjects objects = git_.read_objects(specs);
        for (const std::string& spec : specs) {
            const auto it = objects.find(spec);
            cache_[spec.substr(commit_.size() + 1)] =
                it == objects.end() ? std::nullopt : it->second;
        }
    }

private:
    const Git& git_;
    std::string commit_;
    mutable std::map<std::string, std::optional<std::string>> cache_;
};

} // namespace odo::repo
