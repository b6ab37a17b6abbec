#include "protocol/jsonrpc.h"

namespace pt2bb::protocol {

json id_to_json(const RequestId& id) {
  return std::visit([](const auto& v) { return json(v); }, id);
}

std::string id_to_string(const RequestId& id) {
  if (auto* i = std::get_if<int64_t>(&id)) return std::to_string(*i);
  return "\"" + std::get<std::string>(id) + "\"";
}

namespace {

std::optional<RequestId> parse_id(const json& v) {
  if (v.is_number_integer()) return RequestId(v.get<int64_t>());
  if (v.is_number_unsigned()) return RequestId(static_cast<int64_t>(v.get<uint64_t>()));
  if (v.is_string()) return RequestId(v.get<std::string>());
  return std::nullopt;
}

DecodeError invalid(std::optional<RequestId> id, std::string message) {
  return DecodeError{std::move(id), ResponseError{ErrorCode::InvalidRequest, std::move(message), {}}};
}

}  // namespace

namespace {

// Replaces each byte that is not part of valid UTF-8 with U+FFFD. Some clients send documents
// with broken bytes inside JSON strings; rejecting the whole message would lose the document.
std::string sanitize_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    bool ok = n > 0 && i + n <= s.size();
    for (size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out.append("\xEF\xBF\xBD");
      ++i;
    }
  }
  return out;
}

}  // namespace

Message decode_message(std::string_view body) {
  json j = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) j = json::parse(sanitize_utf8(body), nullptr, false);
  if (j.is_discarded()) {
    return DecodeError{std::nullopt, ResponseError{ErrorCode::ParseError, "message body is not valid JSON", {}}};
  }
  if (j.is_array()) return invalid(std::nullopt, "batch messages are not supported");
  if (!j.is_object()) return invalid(std::nullopt, "message is not a JSON object");

  std::optional<RequestId> id;
  const bool has_id = j.contains("id") && !j["id"].is_null();
  if (has_id) {
    id = parse_id(j["id"]);
    if (!id) return invalid(std::nullopt, "id must be an integer or a string");
  }
  if (!j.contains("jsonrpc") || j["jsonrpc"] != "2.0") return invalid(id, "jsonrpc must be \"2.0\"");

  if (j.contains("method")) {
    if (!j["method"].is_string()) return invalid(id, "method must be a string");
    json params = j.contains("params") ? j["params"] : json();
    if (!params.is_null() && !params.is_object() && !params.is_array()) {
      return invalid(id, "params must be an object or an array");
    }
    std::string method = j["method"].get<std::string>();
    if (has_id) return Request{*id, std::move(method), std::move(params)};
    return Notification{std::move(method), std::move(params)};
  }
  if (has_id && (j.contains("result") || j.contains("error"))) {
    Response r{*id, {}, {}};
    if (j.contains("result")) r.result = j["result"];
    if (j.contains("error") && j["error"].is_object()) {
      const json& e = j["error"];
      r.error = ResponseError{static_cast<ErrorCode>(e.value("code", -32603)), e.value("message", ""),
                              e.contains("data") ? std::optional<json>(e["data"]) : std::nullopt};
    }
    return r;
  }
  return invalid(id, "message is neither a request, a notification nor a response");
}

std::string encode_request(const RequestId& id, std::string_view method, const json& params) {
  json j = {{"jsonrpc", "2.0"}, {"id", id_to_json(id)}, {"method", method}};
  if (!params.is_null()) j["params"] = params;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_notification(std::string_view method, const json& params) {
  json j = {{"jsonrpc", "2.0"}, {"method", method}};
  if (!params.is_null()) j["params"] = params;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_result(const RequestId& id, const json& result) {
  json j = {{"jsonrpc", "2.0"}, {"id", id_to_json(id)}, {"result", result}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_error(const std::optional<RequestId>& id, const ResponseError& error) {
  json e = {{"code", static_cast<int>(error.code)}, {"message", error.message}};
  if (error.data) e["data"] = *error.data;
  json j = {{"jsonrpc", "2.0"}, {"id", id ? id_to_json(*id) : json()}, {"error", e}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace pt2bb::protocol
