// JSON-RPC 2.0 messages (no batches): decoding a frame body into a request, notification or
// response, and encoding replies. Error codes include LSP's reserved ones.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

namespace pt2bb::protocol {

using json = nlohmann::json;

enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestFailed = -32803,
  ServerCancelled = -32802,
  ContentModified = -32801,
  RequestCancelled = -32800,
};

// A request id: integer or string, as the client sent it.
using RequestId = std::variant<int64_t, std::string>;
json id_to_json(const RequestId& id);
std::string id_to_string(const RequestId& id);

struct Request {
  RequestId id;
  std::string method;
  json params;  // null when absent.
};

struct Notification {
  std::string method;
  json params;
};

struct ResponseError {
  ErrorCode code;
  std::string message;
  std::optional<json> data;
};

struct Response {
  RequestId id;
  std::optional<json> result;
  std::optional<ResponseError> error;
};

// A body that could not be decoded: what to answer (null id when unknown).
struct DecodeError {
  std::optional<RequestId> id;
  ResponseError error;
};

using Message = std::variant<Request, Notification, Response, DecodeError>;

Message decode_message(std::string_view body);

std::string encode_request(const RequestId& id, std::string_view method, const json& params);
std::string encode_notification(std::string_view method, const json& params);
std::string encode_result(const RequestId& id, const json& result);
std::string encode_error(const std::optional<RequestId>& id, const ResponseError& error);

// An exception a handler throws to answer with a specific error.
struct RpcError : std::runtime_error {
  RpcError(ErrorCode c, const std::string& m) : std::runtime_error(m), code(c) {}
  ErrorCode code;
};

}  // namespace pt2bb::protocol
