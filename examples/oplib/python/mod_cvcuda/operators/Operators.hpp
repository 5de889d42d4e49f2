// SPDX-License-Identifier: Apache-2.0
#pragma once
// The binding layer without a Python interpreter. The example has no pybind11, so `py` here is a
// small registry with pybind11's shape: m.def("name", &Function, "arg"_a, ...) registers a
// callable under a Python name (several callables under one name are overloads), and
// module::call invokes it with type-erased positional arguments, resolving the overload and
// checking argument count and types as pybind11 does. The bindings therefore read exactly like
// CV-CUDA's, and benchmarks can time the call path a Python caller takes.
#include <cvcuda/Operator.h>
#include <nvcv/Tensor.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace cvcudapy {

using Tensor = nvcv::Tensor;
using ImageBatchVarShape = nvcv::ImageBatchVarShape;
using Stream = cudaStream_t;

namespace py {

// A Python value as the bindings see it: None, an int, a stream, a tensor or an image batch.
using object = std::variant<std::monostate, int, Stream, Tensor, ImageBatchVarShape>;

// What pybind11 raises as TypeError and AttributeError.
struct type_error : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};
struct attribute_error : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// A named parameter; `= nullptr` gives it the default None.
struct arg {
    std::string name;
    bool hasDefault = false;
    arg operator=(std::nullptr_t) const { return {name, true}; }
};

// Marks the following parameters keyword-only; positional calls are all this registry takes.
struct kw_only {};

namespace literals {
inline arg operator""_a(const char* name, std::size_t) {
    return {name};
}
} // namespace literals

namespace detail {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// Whether `value` can be passed as a parameter of type P.
template <class P>
bool convertible(const object& value) {
    if constexpr (is_optional<P>::value)
        return std::holds_alternative<std::monostate>(value) ||
               std::holds_alternative<typename P::value_type>(value);
    else
        return std::holds_alternative<P>(value);
}

template <class P>
decltype(auto) cast(object& value) {
    if constexpr (is_optional<P>::value) {
        if (std::holds_alternative<std::monostate>(value))
            return P{};
        return P{std::get<typename P::value_type>(value)};
    } else {
        return std::get<P>(value);
    }
}

// The py::arg entries of a registration, in order (py::kw_only only marks a position).
template <class... Extra>
std::vector<arg> params(const Extra&... extra) {
    std::vector<arg> args;
    (
        [&] {
            if constexpr (std::is_same_v<Extra, arg>)
                args.push_back(extra);
        }(),
        ...);
    return args;
}

// One registered callable: its parameters' names and defaults, a type check and a call.
struct overload {
    std::vector<arg> params;
    std::function<bool(const std::vector<object>&)> accepts;
    std::function<object(std::vector<object>&)> invoke;

    // The arguments with omitted defaulted parameters filled in with None; nullopt when their
    // number does not fit.
    std::optional<std::vector<object>> complete(std::vector<object> args) const {
        if (args.size() > params.size())
            return std::nullopt;
        for (std::size_t i = args.size(); i < params.size(); ++i) {
            if (!params[i].hasDefault)
                return std::nullopt;
            args.emplace_back();
        }
        return args;
    }
};

template <class R, class... Params, std::size_t... I>
object invoke(R (*fn)(Params...), std::vector<object>& args, std::index_sequence<I...>) {
    return fn(cast<std::decay_t<Params>>(args[I])...);
}

template <class... Params, std::size_t... I>
bool accepts(const std::vector<object>& args, std::index_sequence<I...>) {
    return (convertible<std::decay_t<Params>>(args[I]) && ...);
}

} // namespace detail

class module {
public:
    template <class R, class... Params, class... Extra>
    module& def(const char* name, R (*fn)(Params...), const Extra&... extra) {
        detail::overload o;
        o.params = detail::params(extra...);
        if (o.params.size() != sizeof...(Params))
            throw std::logic_error(std::string(name) + ": one py::arg per parameter");
        const auto indices = std::index_sequence_for<Params...>{};
        o.accepts = [indices](const std::vector<object>& args) {
            return detail::accepts<Params...>(args, indices);
        };
        o.invoke = [fn, indices](std::vector<object>& args) {
            return detail::invoke(fn, args, indices);
        };
        functions_[name].push_back(std::move(o));
        return *this;
    }

    // Calls `name` with positional arguments, as Python would: the first overload whose
    // parameters accept them runs.
    object call(const std::string& name, std::vector<object> args) const {
        const auto found = functions_.find(name);
        if (found == functions_.end())
            throw attribute_error("module 'cvcuda' has no attribute '" + name + "'");
        for (const detail::overload& o : found->second)
            if (auto complete = o.complete(args); complete && o.accepts(*complete))
                return o.invoke(*complete);
        throw type_error(name + "(): incompatible function arguments");
    }

private:
    std::map<std::string, std::vector<detail::overload>> functions_;
};

} // namespace py

// A new tensor or batch of the same shape, type, layout and memory as `like`.
inline Tensor EmptyLike(const Tensor& like) {
    return Tensor(like.shape(), like.dtype(), like.layout(), like.space());
}

inline ImageBatchVarShape EmptyLike(const ImageBatchVarShape& like) {
    ImageBatchVarShape batch;
    for (const Tensor& image : like.images())
        batch.pushBack(EmptyLike(image));
    return batch;
}

void ExportOpInvert(py::module& m);
void ExportOpFlip(py::module& m);

// The `cvcuda` module with every operator exported (PYBIND11_MODULE's body, Main.cpp).
const py::module& module();

} // namespace cvcudapy
