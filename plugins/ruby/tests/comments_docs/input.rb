#!/usr/bin/env ruby
# -*- coding: utf-8 -*-

=begin
The report generator. Reads the sales
of a month and prints them.
=end

# Summarises the sales of one month.
#
# @example
#   Report.new(:may).print
class Report
  # Creates a report for +month+.
  # @param month [Symbol] the month
  def initialize(month)
    @month = month # kept as given
  end

  # This comment is separated from the method by a blank line.

  def print
    puts @month
  end

  ##
  # Sends the report by mail.
  def deliver; end
end
